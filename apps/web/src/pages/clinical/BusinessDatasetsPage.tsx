import AssessmentIcon from '@mui/icons-material/Assessment';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import PhotoLibraryIcon from '@mui/icons-material/PhotoLibrary';
import VideoLibraryIcon from '@mui/icons-material/VideoLibrary';
import {
  Alert,
  Box,
  Chip,
  CircularProgress,
  IconButton,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import { WHO_REQUIRED_VIDEO_COUNT, type Dataset } from '@sarm/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { useCan } from '../admin/common/useCan';
import { ReportDialog } from '../reports/ReportDialog';
import { capped } from './ClinicalBreadcrumbs';
import { DatasetDetailsDialog, type DatasetActions } from './DatasetDetailsDialog';
import { clinicalKeys, fetchAllDatasets } from '../../api/clinicalApi';
import { businessBase, datasetLinks } from './businessScreensLogic';

function Action(props: {
  readonly title: string;
  readonly onClick: () => void;
  readonly disabled?: boolean;
  readonly children: ReactNode;
}) {
  return (
    <Tooltip title={props.title}>
      <span>
        <IconButton
          size="small"
          aria-label={props.title}
          disabled={props.disabled}
          onClick={props.onClick}
        >
          {props.children}
        </IconButton>
      </span>
    </Tooltip>
  );
}

/** The business dataset table across the caller's projects (spec 1 §2.4 Datasets page variant). */
export function BusinessDatasetsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const base = businessBase(useLocation().pathname);
  const canGenerate = useCan(['generate_reports']);
  const [details, setDetails] = useState<Dataset | null>(null);
  const [reporting, setReporting] = useState<Dataset | null>(null);
  const datasets = useQuery({
    queryKey: clinicalKeys.allDatasets,
    queryFn: fetchAllDatasets,
  });

  const actions: DatasetActions = {
    onManageVideos: (dataset) => void navigate(datasetLinks(base, dataset.id).videos),
    onSelectFrames: (dataset) => void navigate(datasetLinks(base, dataset.id).frames),
    onGenerateReports: canGenerate
      ? (dataset) => {
          setDetails(null);
          setReporting(dataset);
        }
      : undefined,
    onSampleSaved: setDetails,
    reportBlocker: (dataset) =>
      dataset.stats.usableVideos >= WHO_REQUIRED_VIDEO_COUNT
        ? null
        : t('clinical.needFiveVideos', { count: dataset.stats.usableVideos }),
  };
  const { onGenerateReports } = actions;

  return (
    <Box>
      <Typography variant="h4" component="h1">
        {t('businessScreens.datasetsTitle')}
      </Typography>
      <Typography color="textSecondary" sx={{ mb: 2 }}>
        {t('businessScreens.datasetsSubtitle')}
      </Typography>
      {datasets.isPending && <CircularProgress />}
      {datasets.isError && (
        <Alert severity="error">
          {t('businessScreens.datasetsError', { message: datasets.error.message })}
        </Alert>
      )}
      {datasets.isSuccess && (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t('businessScreens.name')}</TableCell>
                <TableCell>{t('businessScreens.project')}</TableCell>
                <TableCell>{t('businessScreens.type')}</TableCell>
                <TableCell align="right">{t('businessScreens.videos')}</TableCell>
                <TableCell align="right">{t('businessScreens.frames')}</TableCell>
                <TableCell>{t('businessScreens.status')}</TableCell>
                <TableCell align="right">{t('businessScreens.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {datasets.data.datasets.length === 0 && (
                <TableRow>
                  <TableCell colSpan={7} align="center" sx={{ py: 4 }}>
                    <Typography color="textSecondary">{t('businessScreens.noDatasets')}</Typography>
                  </TableCell>
                </TableRow>
              )}
              {datasets.data.datasets.map((dataset) => {
                const blocker = actions.reportBlocker(dataset);
                return (
                  <TableRow key={dataset.id} hover data-testid="dataset-row">
                    <TableCell>
                      <Typography variant="body2" sx={{ fontWeight: 600 }}>
                        {dataset.name}
                      </Typography>
                    </TableCell>
                    <TableCell>{dataset.project_name}</TableCell>
                    <TableCell>
                      <Chip size="small" label={dataset.type} />
                    </TableCell>
                    <TableCell align="right">{capped(dataset.stats.totalVideos)}</TableCell>
                    <TableCell align="right">{capped(dataset.stats.totalFrames)}</TableCell>
                    <TableCell>
                      <Chip size="small" variant="outlined" label={dataset.status} />
                    </TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      <Action
                        title={t('businessScreens.details')}
                        onClick={() => setDetails(dataset)}
                      >
                        <InfoOutlinedIcon fontSize="small" />
                      </Action>
                      <Action
                        title={t('businessScreens.viewVideos')}
                        onClick={() => actions.onManageVideos(dataset)}
                      >
                        <VideoLibraryIcon fontSize="small" />
                      </Action>
                      <Action
                        title={t('businessScreens.selectFrames')}
                        onClick={() => actions.onSelectFrames(dataset)}
                      >
                        <PhotoLibraryIcon fontSize="small" />
                      </Action>
                      {onGenerateReports !== undefined && (
                        <Action
                          title={blocker ?? t('businessScreens.generateReports')}
                          disabled={blocker !== null}
                          onClick={() => onGenerateReports(dataset)}
                        >
                          <AssessmentIcon fontSize="small" />
                        </Action>
                      )}
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {details !== null && (
        <DatasetDetailsDialog
          dataset={details}
          actions={actions}
          onClose={() => setDetails(null)}
        />
      )}
      {reporting !== null && (
        <ReportDialog
          dataset={reporting}
          projectId={reporting.projectId}
          onClose={() => setReporting(null)}
        />
      )}
    </Box>
  );
}
