import RefreshIcon from '@mui/icons-material/Refresh';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Grid,
  LinearProgress,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import type { DataLabel } from '@sarm/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { clinicalKeys, fetchDataset } from '../../../api/clinicalApi';
import { errorMessage } from '../../../api/client';
import {
  dataLabelKeys,
  deleteDataLabel,
  fetchDatasetLabels,
} from '../../../api/technical/labelsApi';
import { useConfirm, useToast } from '../../../feedback/feedbackContext';
import { useCan } from '../../admin/common/useCan';
import { ClinicalBreadcrumbs } from '../../clinical/ClinicalBreadcrumbs';
import { datasetLabelCounters } from './labelItemsLogic';

const k = 'technical.labels.dataset';

function Counter({ label, value }: { readonly label: string; readonly value: number }) {
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="overline" color="textSecondary" component="div">
          {label}
        </Typography>
        <Typography variant="h5" component="div">
          {value}
        </Typography>
      </CardContent>
    </Card>
  );
}

function DetailsDialog({
  label,
  itemsPath,
  onClose,
}: {
  readonly label: DataLabel;
  readonly itemsPath: string;
  readonly onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const rows: [string, string][] = [
    [t(`${k}.columns.name`), label.name],
    [t(`${k}.description`), label.description === '' ? t(`${k}.noDescription`) : label.description],
    [t(`${k}.columns.type`), t(`${k}.types.${label.label_type}`)],
    [t(`${k}.dataset`), label.dataset_name],
    [t(`${k}.columns.creator`), label.user_name ?? '–'],
    [t(`${k}.columns.items`), String(label.item_count)],
    [t(`${k}.frames`), String(label.frame_count)],
    [t(`${k}.columns.created`), new Date(label.created_at).toLocaleString(i18n.language)],
    [
      t(`${k}.reviews`),
      t(`${k}.reviewLine`, {
        pending: label.review_counts.pending,
        approved: label.review_counts.approved,
        rejected: label.review_counts.rejected,
        needsCorrection: label.review_counts.needsCorrection,
      }),
    ],
  ];
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>{t(`${k}.detailsTitle`)}</DialogTitle>
      <DialogContent>
        <Table size="small">
          <TableBody>
            {rows.map(([name, value]) => (
              <TableRow key={name}>
                <TableCell component="th" sx={{ width: 180 }}>
                  {name}
                </TableCell>
                <TableCell>{value}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t(`${k}.close`)}</Button>
        <Button variant="contained" component={RouterLink} to={itemsPath}>
          {t(`${k}.openItems`)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * Data labels page of a dataset (spec 2 §2.3): breadcrumb, refresh, search, three counters, the
 * labels in a table with a details dialog, and Delete Label for holders of create_datasets.
 */
export function DatasetLabelsPage() {
  const { t, i18n } = useTranslation();
  const { projectId = '', datasetId = '' } = useParams();
  const client = useQueryClient();
  const confirm = useConfirm();
  const toast = useToast();
  const canDelete = useCan(['create_datasets']);
  const [query, setQuery] = useState('');
  const [details, setDetails] = useState<DataLabel | null>(null);
  const dataset = useQuery({
    queryKey: clinicalKeys.dataset(datasetId),
    queryFn: () => fetchDataset(datasetId),
  });
  const labels = useQuery({
    queryKey: dataLabelKeys.ofDataset(datasetId, query),
    queryFn: () => fetchDatasetLabels(datasetId, query),
  });
  const refresh = () => client.invalidateQueries({ queryKey: dataLabelKeys.all });
  const base = `/finetune/projects/${projectId}/datasets/${datasetId}/data-labels`;
  const itemsPath = (label: DataLabel) => `${base}/${label.id}/items`;
  const list = labels.data?.data_labels ?? [];
  const counters = datasetLabelCounters(list);

  function remove(label: DataLabel) {
    void confirm({
      message: t(`${k}.deleteConfirm`, { name: label.name }),
      onConfirm: async () => {
        try {
          await deleteDataLabel(label.id);
          toast(t(`${k}.deleted`), 'success');
          await refresh();
        } catch (error) {
          toast(t(`${k}.deleteFailed`, { message: errorMessage(error, '') }), 'error');
        }
      },
    });
  }

  return (
    <Box>
      <ClinicalBreadcrumbs
        crumbs={[
          { label: t(`${k}.crumbProjects`), to: '/finetune/videos' },
          { label: t(`${k}.crumbDatasets`), to: `/finetune/projects/${projectId}/datasets` },
          { label: t(`${k}.title`) },
        ]}
      />
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 2 }}>
        <Box>
          <Typography variant="h4" component="h1">
            {t(`${k}.title`)}
          </Typography>
          <Typography variant="body2" color="textSecondary">
            {dataset.data?.name ?? ''}
          </Typography>
        </Box>
        <Button startIcon={<RefreshIcon />} onClick={() => void refresh()}>
          {t(`${k}.refresh`)}
        </Button>
      </Stack>
      <Grid container spacing={2} sx={{ mb: 2 }}>
        <Grid size={{ xs: 12, sm: 4 }}>
          <Counter label={t(`${k}.counters.labels`)} value={labels.data?.total ?? 0} />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <Counter label={t(`${k}.counters.items`)} value={counters.items} />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <Counter label={t(`${k}.counters.pending`)} value={counters.pending} />
        </Grid>
      </Grid>
      <TextField
        size="small"
        label={t(`${k}.search`)}
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        sx={{ mb: 2, minWidth: 320 }}
      />
      {labels.isPending && <LinearProgress />}
      {labels.isError && (
        <Alert severity="error">{errorMessage(labels.error, t(`${k}.loadFailed`))}</Alert>
      )}
      {labels.isSuccess && list.length === 0 && (
        <Typography color="textSecondary">{t(`${k}.empty`)}</Typography>
      )}
      {list.length > 0 && (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-label={t(`${k}.title`)}>
            <TableHead>
              <TableRow>
                <TableCell>{t(`${k}.columns.name`)}</TableCell>
                <TableCell>{t(`${k}.columns.type`)}</TableCell>
                <TableCell>{t(`${k}.columns.creator`)}</TableCell>
                <TableCell align="right">{t(`${k}.columns.items`)}</TableCell>
                <TableCell>{t(`${k}.columns.created`)}</TableCell>
                <TableCell align="right">{t(`${k}.columns.actions`)}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {list.map((label) => (
                <TableRow key={label.id} hover>
                  <TableCell>
                    <Typography variant="body2">{label.name}</Typography>
                    <Typography variant="caption" color="textSecondary">
                      {label.description === '' ? t(`${k}.noDescription`) : label.description}
                    </Typography>
                  </TableCell>
                  <TableCell>
                    <Chip size="small" label={t(`${k}.types.${label.label_type}`)} />
                  </TableCell>
                  <TableCell>{label.user_name ?? '–'}</TableCell>
                  <TableCell align="right">{label.item_count}</TableCell>
                  <TableCell>
                    {new Date(label.created_at).toLocaleDateString(i18n.language)}
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    <Button size="small" onClick={() => setDetails(label)}>
                      {t(`${k}.details`)}
                    </Button>
                    <Button size="small" component={RouterLink} to={itemsPath(label)}>
                      {t(`${k}.openItems`)}
                    </Button>
                    {canDelete && label.can_delete && (
                      <Button size="small" color="error" onClick={() => remove(label)}>
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
      {details !== null && (
        <DetailsDialog
          label={details}
          itemsPath={itemsPath(details)}
          onClose={() => setDetails(null)}
        />
      )}
    </Box>
  );
}
