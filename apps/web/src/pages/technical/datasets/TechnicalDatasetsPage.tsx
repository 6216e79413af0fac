import {
  Alert,
  Box,
  Button,
  Chip,
  LinearProgress,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import type { Dataset } from '@sarm/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router-dom';
import {
  clinicalKeys,
  deleteDataset,
  fetchAllDatasets,
  fetchProjectDatasets,
} from '../../../api/clinicalApi';
import { fetchMyProjects, PROJECTS_QUERY_KEY } from '../../../api/projectsApi';
import { useConfirm, useToast } from '../../../feedback/feedbackContext';
import { useCan } from '../../admin/common/useCan';
import { ClinicalBreadcrumbs } from '../../clinical/ClinicalBreadcrumbs';
import { DatasetFormDialog } from './DatasetFormDialog';
import { DatasetViewDialog } from './DatasetViewDialog';
import { datasetStatusColour } from './datasetFormLogic';

const k = 'technical.datasets';

/** Datasets of a project, or of every visible project (spec 2 §2.3 Datasets of a project). */
export function TechnicalDatasetsPage() {
  const { t } = useTranslation();
  const { projectId } = useParams();
  const client = useQueryClient();
  const confirm = useConfirm();
  const toast = useToast();
  const canManage = useCan(['create_datasets']);
  const canReviewLabels = useCan(['review_annotations']);
  const [creating, setCreating] = useState(false);
  const [viewing, setViewing] = useState<Dataset | null>(null);
  const [editing, setEditing] = useState<Dataset | null>(null);
  const key = projectId === undefined ? clinicalKeys.allDatasets : clinicalKeys.datasets(projectId);
  const datasets = useQuery({
    queryKey: key,
    queryFn: async () =>
      projectId === undefined
        ? (await fetchAllDatasets()).datasets
        : await fetchProjectDatasets(projectId),
  });
  const projects = useQuery({ queryKey: PROJECTS_QUERY_KEY, queryFn: fetchMyProjects });
  const refresh = () => void client.invalidateQueries({ queryKey: key });

  function remove(dataset: Dataset) {
    void confirm({
      message: t(`${k}.deleteConfirm`, { name: dataset.name }),
      onConfirm: async () => {
        try {
          await deleteDataset(dataset.id);
          refresh();
        } catch {
          toast(t(`${k}.deleteFailed`), 'error');
        }
      },
    });
  }

  const noProjects = projects.data !== undefined && projects.data.length === 0;
  return (
    <Box>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 2 }}>
        <Box>
          {projectId !== undefined && (
            <ClinicalBreadcrumbs
              crumbs={[
                { label: t(`${k}.projects`), to: '/finetune/videos' },
                { label: t(`${k}.title`) },
              ]}
            />
          )}
          <Typography variant="h4" component="h1">
            {t(`${k}.title`)}
          </Typography>
        </Box>
        {canManage && (
          <Button variant="contained" disabled={noProjects} onClick={() => setCreating(true)}>
            {t(`${k}.create`)}
          </Button>
        )}
      </Stack>
      {canManage && noProjects && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t(`${k}.needProject`)}
        </Alert>
      )}
      {datasets.isPending && <LinearProgress />}
      {datasets.isError && <Alert severity="error">{t(`${k}.loadFailed`)}</Alert>}
      {datasets.data?.length === 0 && (
        <Typography color="textSecondary">{t(`${k}.empty`)}</Typography>
      )}
      {datasets.data !== undefined && datasets.data.length > 0 && (
        <TableContainer component={Paper}>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t(`${k}.name`)}</TableCell>
                <TableCell>{t(`${k}.type`)}</TableCell>
                <TableCell>{t(`${k}.status`)}</TableCell>
                <TableCell>{t(`${k}.project`)}</TableCell>
                <TableCell align="right">{t(`${k}.videos`)}</TableCell>
                <TableCell align="right">{t(`${k}.frames`)}</TableCell>
                <TableCell align="right">{t(`${k}.actions`)}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {datasets.data.map((dataset) => (
                <TableRow key={dataset.id} hover>
                  <TableCell>
                    <Typography variant="body2">{dataset.name}</Typography>
                    <Typography variant="caption" color="textSecondary">
                      {dataset.description}
                    </Typography>
                  </TableCell>
                  <TableCell>{t(`${k}.types.${dataset.type}`)}</TableCell>
                  <TableCell>
                    <Chip
                      size="small"
                      label={dataset.status}
                      color={
                        dataset.status === 'active' ? 'info' : datasetStatusColour(dataset.status)
                      }
                    />
                  </TableCell>
                  <TableCell>{dataset.project_name}</TableCell>
                  <TableCell align="right">{dataset.stats.totalVideos}</TableCell>
                  <TableCell align="right">{dataset.stats.totalFrames}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    <Button size="small" onClick={() => setViewing(dataset)}>
                      {t(`${k}.view`)}
                    </Button>
                    {canManage && (
                      <Button size="small" onClick={() => setEditing(dataset)}>
                        {t(`${k}.edit`)}
                      </Button>
                    )}
                    <Button
                      size="small"
                      component={RouterLink}
                      to={`/finetune/datasets/${dataset.id}/videos`}
                    >
                      {t(`${k}.openVideos`)}
                    </Button>
                    {canReviewLabels && (
                      <Button
                        size="small"
                        component={RouterLink}
                        to={`/finetune/projects/${dataset.projectId}/datasets/${dataset.id}/data-labels`}
                      >
                        {t(`${k}.dataLabels`)}
                      </Button>
                    )}
                    {canManage && (
                      <Button size="small" color="error" onClick={() => remove(dataset)}>
                        {t(`${k}.delete`)}
                      </Button>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {creating && (
        <DatasetFormDialog
          projects={projects.data ?? []}
          projectId={projectId ?? null}
          onClose={() => setCreating(false)}
          onSaved={() => {
            setCreating(false);
            refresh();
          }}
        />
      )}
      {editing !== null && (
        <DatasetFormDialog
          projects={projects.data ?? []}
          projectId={editing.projectId}
          dataset={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            toast(t(`${k}.saved`), 'success');
            refresh();
          }}
        />
      )}
      {viewing !== null && (
        <DatasetViewDialog
          dataset={viewing}
          onClose={() => setViewing(null)}
          {...(canManage && {
            onEdit: () => {
              setEditing(viewing);
              setViewing(null);
            },
          })}
        />
      )}
    </Box>
  );
}
