import {
  Alert,
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  Chip,
  CircularProgress,
  FormControl,
  Grid,
  InputLabel,
  MenuItem,
  Select,
  Stack,
  Typography,
} from '@mui/material';
import type { Video } from '@sarm/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { businessKeys, fetchPatients } from '../../api/businessApi';
import { clinicalKeys, fetchAllVideos, fetchDataset } from '../../api/clinicalApi';
import { useCan } from '../admin/common/useCan';
import { AuthImage } from './AuthImage';
import {
  businessBase,
  filterGridVideos,
  formatDuration,
  frameSelectionPath,
  gridAction,
  gridStatus,
  type GridStatus,
} from './businessScreensLogic';

type ChipColor = 'success' | 'warning' | 'error';
type StatusKey = 'clinical.statusComplete' | 'clinical.statusProcessing' | 'clinical.statusFailed';
const STATUS_CHIPS: Record<GridStatus, { key: StatusKey; color: ChipColor }> = {
  complete: { key: 'clinical.statusComplete', color: 'success' },
  processing: { key: 'clinical.statusProcessing', color: 'warning' },
  failed: { key: 'clinical.statusFailed', color: 'error' },
};

function GridVideoCard(props: {
  readonly video: Video;
  readonly patientName: string;
  readonly onOpen: (video: Video) => void;
}) {
  const { video, patientName, onOpen } = props;
  const { t } = useTranslation();
  const chip = STATUS_CHIPS[gridStatus(video.processingStatus)];
  const action = gridAction(video.processingStatus);
  return (
    <Card
      sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
      data-testid="frame-selection-video"
    >
      <Box sx={{ position: 'relative' }}>
        <AuthImage
          path={video.hasThumbnail ? `/sarm/media/thumbnail/${video.id}` : null}
          alt={video.name}
        />
        <Chip
          size="small"
          color="primary"
          label={t('clinical.framesCount', { count: video.extractedFramesCount })}
          sx={{ position: 'absolute', top: 8, right: 8 }}
        />
      </Box>
      <CardContent sx={{ flexGrow: 1 }}>
        <Typography variant="subtitle1" sx={{ fontWeight: 600 }} noWrap title={video.name}>
          {video.name}
        </Typography>
        <Typography variant="body2" color="textSecondary">
          {t('businessScreens.patientLabel', { name: patientName })}
        </Typography>
        <Stack
          direction="row"
          sx={{ mt: 1, justifyContent: 'space-between', alignItems: 'center' }}
        >
          <Typography variant="body2" color="textSecondary">
            {t('businessScreens.durationLabel', { value: formatDuration(video.duration) })}
          </Typography>
          <Chip size="small" color={chip.color} label={t(chip.key)} />
        </Stack>
      </CardContent>
      <CardActions>
        <Button
          size="small"
          variant="contained"
          fullWidth
          disabled={action.disabled}
          onClick={() => onOpen(video)}
        >
          {action.label === 'viewDetails' ? t('clinical.viewDetails') : t('clinical.selectFrames')}
        </Button>
      </CardActions>
    </Card>
  );
}

/**
 * Frame Selection without a video (spec 1 §2.4): the videos to pick from, filtered by patient and,
 * from `?datasetId=` or a /business/datasets/{id}/frames path, by dataset.
 */
export function FrameSelectionGridPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const base = businessBase(useLocation().pathname);
  const params = useParams();
  const [search, setSearch] = useSearchParams();
  const datasetId = params.datasetId ?? search.get('datasetId');
  const canSelect = useCan(['select_frames']);
  const canReadPatients = useCan(['manage_patients', 'upload_videos']);
  const [patientId, setPatientId] = useState('');
  const videos = useQuery({
    queryKey: clinicalKeys.allVideos(datasetId),
    queryFn: () => fetchAllVideos(datasetId),
    enabled: canSelect,
  });
  const patients = useQuery({
    queryKey: businessKeys.patients,
    queryFn: fetchPatients,
    enabled: canSelect && canReadPatients,
  });
  const dataset = useQuery({
    queryKey: clinicalKeys.dataset(datasetId ?? ''),
    queryFn: () => fetchDataset(datasetId ?? ''),
    enabled: canSelect && datasetId !== null,
  });

  if (!canSelect) return <Alert severity="warning">{t('frameSelection.noPermission')}</Alert>;

  const names = new Map((patients.data ?? []).map((patient) => [patient.id, patient.name]));
  const patientName = (video: Video) =>
    video.patientId === null
      ? t('businessScreens.noPatient')
      : (names.get(video.patientId) ?? video.patientId);
  const shown = filterGridVideos(videos.data ?? [], { patientId, datasetId });
  const clearDataset = () => {
    if (params.datasetId !== undefined) {
      void navigate(`${base}/frames`);
      return;
    }
    const next = new URLSearchParams(search);
    next.delete('datasetId');
    setSearch(next);
  };

  return (
    <Box>
      <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
        {t('frameSelection.title')}
      </Typography>
      <Stack direction="row" spacing={2} sx={{ mb: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <FormControl size="small" sx={{ minWidth: 220 }}>
          <InputLabel id="frame-selection-patient" shrink>
            {t('businessScreens.patientFilter')}
          </InputLabel>
          <Select
            labelId="frame-selection-patient"
            label={t('businessScreens.patientFilter')}
            value={patientId}
            onChange={(event) => setPatientId(event.target.value)}
            displayEmpty
            notched
          >
            <MenuItem value="">{t('businessScreens.allPatients')}</MenuItem>
            {(patients.data ?? []).map((patient) => (
              <MenuItem key={patient.id} value={patient.id}>
                {patient.name}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        {datasetId !== null && (
          <Chip
            color="primary"
            variant="outlined"
            label={t('businessScreens.datasetFilter', { name: dataset.data?.name ?? datasetId })}
            onDelete={clearDataset}
          />
        )}
      </Stack>
      {videos.isPending && <CircularProgress />}
      {videos.isError && (
        <Alert severity="error">
          {t('businessScreens.videosError', { message: videos.error.message })}
        </Alert>
      )}
      {videos.isSuccess && shown.length === 0 && (
        <Alert severity="info">{t('businessScreens.noVideos')}</Alert>
      )}
      <Grid container spacing={2}>
        {shown.map((video) => (
          <Grid key={video.id} size={{ xs: 12, sm: 6, md: 4, lg: 3 }}>
            <GridVideoCard
              video={video}
              patientName={patientName(video)}
              onOpen={(chosen) => void navigate(frameSelectionPath(base, chosen.id))}
            />
          </Grid>
        ))}
      </Grid>
    </Box>
  );
}
