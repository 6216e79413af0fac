import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Grid,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import type { Video } from '@sarm/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import {
  clinicalKeys,
  deleteVideo,
  extractFrames,
  fetchDataset,
  fetchDatasetVideos,
} from '../../api/clinicalApi';
import { businessKeys, fetchProjectPatients } from '../../api/businessApi';
import { errorMessage } from '../../api/client';
import { useConfirm, useToast } from '../../feedback/feedbackContext';
import { useCan } from '../admin/common/useCan';
import { ClinicalBreadcrumbs } from './ClinicalBreadcrumbs';
import { PlayerDialog } from './PlayerDialog';
import { UploadDialog } from './UploadDialog';
import { VideoCard, type VideoCardActions } from './VideoCard';
import { isVideoFile } from './uploadVideo';
import { videosOfPatient } from './sampleLogic';

/** Video management of a dataset (spec 1 §2.4): upload, play, extract frames, view frames, delete. */
export function VideoManagementPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const confirm = useConfirm();
  const toast = useToast();
  const { projectId, datasetId = '' } = useParams();
  const canManage = useCan(['manage_videos', 'upload_videos']);
  const canDelete = useCan(['delete_videos', 'manage_videos']);
  const input = useRef<HTMLInputElement>(null);
  const [files, setFiles] = useState<File[] | null>(null);
  const [playing, setPlaying] = useState<Video | null>(null);
  const dataset = useQuery({
    queryKey: clinicalKeys.dataset(datasetId),
    queryFn: () => fetchDataset(datasetId),
    enabled: canManage,
  });
  const videos = useQuery({
    queryKey: clinicalKeys.videos(datasetId),
    queryFn: () => fetchDatasetVideos(datasetId),
    enabled: canManage,
  });
  const canReadPatients = useCan(['manage_patients', 'upload_videos']);
  const [patientFilter, setPatientFilter] = useState('');
  const projectForPatients = projectId ?? dataset.data?.projectId ?? '';
  const patients = useQuery({
    queryKey: businessKeys.projectPatients(projectForPatients),
    queryFn: () => fetchProjectPatients(projectForPatients),
    enabled: canManage && canReadPatients && projectForPatients !== '',
  });
  const patientNames = new Map((patients.data ?? []).map((p) => [p.id, p.name]));
  const nameOf = (video: Video) =>
    video.patientId === null ? null : (patientNames.get(video.patientId) ?? video.patientId);
  const shown = videosOfPatient(videos.data ?? [], patientFilter);
  const refreshKeys = [clinicalKeys.videos(datasetId)] as const;
  const refresh = () => void client.invalidateQueries({ queryKey: clinicalKeys.videos(datasetId) });
  const project = projectId ?? dataset.data?.projectId ?? '';
  const base = `/sarm/projects/${project}/datasets/${datasetId}/videos`;

  if (!canManage) return <Alert severity="warning">{t('clinical.noVideoPermission')}</Alert>;

  const actions: VideoCardActions = {
    canDelete,
    refreshKeys,
    onPlay: setPlaying,
    onFrames: (video) => void navigate(`${base}/${video.id}/frames`),
    onExtract: (video) => {
      extractFrames(video.id).then(refresh, (error: unknown) =>
        toast(
          t('clinical.extractionFailed', {
            message: errorMessage(error, t('clinical.unknownError')),
          }),
          'error',
        ),
      );
    },
    onDelete: (video) =>
      void confirm({
        title: t('clinical.deleteTitle'),
        message: t('clinical.deleteConfirm'),
        confirmLabel: t('clinical.delete'),
        onConfirm: async () => {
          await deleteVideo(video.id);
          toast(t('clinical.deleted'), 'success');
          refresh();
        },
      }),
  };

  function choose(list: FileList | null) {
    const chosen = Array.from(list ?? []);
    if (input.current !== null) input.current.value = '';
    if (chosen.length === 0) return toast(t('clinical.noFiles'), 'error');
    if (!chosen.every(isVideoFile)) return toast(t('clinical.invalidFiles'), 'error');
    setFiles(chosen);
  }

  return (
    <Box>
      <ClinicalBreadcrumbs
        crumbs={[
          { label: t('clinical.breadcrumbProjects'), to: '/sarm/projects' },
          { label: t('clinical.breadcrumbDatasets'), to: `/sarm/projects/${project}/datasets` },
          { label: t('clinical.breadcrumbVideos') },
        ]}
      />
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 2 }}>
        <Box>
          <Typography variant="h4" component="h1">
            {dataset.data?.name ?? t('clinical.videosTitle')}
          </Typography>
          <Typography color="textSecondary">{dataset.data?.description}</Typography>
        </Box>
        <Button variant="contained" onClick={() => input.current?.click()}>
          {t('clinical.uploadVideos')}
        </Button>
        <input
          ref={input}
          hidden
          type="file"
          accept="video/*"
          multiple
          data-testid="video-file-input"
          onChange={(event) => choose(event.target.files)}
        />
      </Stack>
      {videos.isPending && <CircularProgress />}
      {videos.isError && (
        <Alert severity="error">
          {t('clinical.videosError', {
            message: videos.error.message || t('clinical.unknownError'),
          })}
        </Alert>
      )}
      {videos.isSuccess && videos.data.length === 0 && (
        <Alert severity="info">{t('clinical.noVideos')}</Alert>
      )}
      {canReadPatients && (videos.data?.length ?? 0) > 0 && (
        <TextField
          select
          size="small"
          label={t('business.patient')}
          value={patientFilter}
          onChange={(event) => setPatientFilter(event.target.value)}
          sx={{ minWidth: 240, mb: 2 }}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          data-testid="video-patient-filter"
        >
          <MenuItem value="">{t('samples.allPatients')}</MenuItem>
          {(patients.data ?? []).map((patient) => (
            <MenuItem key={patient.id} value={patient.id}>
              {patient.name}
            </MenuItem>
          ))}
        </TextField>
      )}
      <Grid container spacing={2}>
        {shown.map((video) => (
          <Grid key={video.id} size={{ xs: 12, sm: 6, md: 4 }}>
            <VideoCard
              video={video}
              actions={actions}
              patientName={canReadPatients ? nameOf(video) : undefined}
            />
          </Grid>
        ))}
      </Grid>
      {/* Opened once the dataset is known, so the sample's patient is the default. */}
      {files !== null && !dataset.isPending && (
        <UploadDialog
          files={files}
          datasetId={datasetId}
          projectId={project}
          defaultPatientId={dataset.data?.settings.patient_id ?? null}
          onClose={() => setFiles(null)}
          onUploaded={refresh}
        />
      )}
      {playing !== null && <PlayerDialog video={playing} onClose={() => setPlaying(null)} />}
    </Box>
  );
}
