import {
  Alert,
  Box,
  Button,
  Card,
  CardActionArea,
  Checkbox,
  Chip,
  CircularProgress,
  FormControlLabel,
  Grid,
  MenuItem,
  Paper,
  Stack,
  Step,
  StepLabel,
  Stepper,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { createDataset, fetchAllVideos, fetchFrames } from '../../../api/clinicalApi';
import { errorMessage } from '../../../api/client';
import { fetchMyProjects, PROJECTS_QUERY_KEY } from '../../../api/projectsApi';
import { fetchVideoDetections } from '../../../api/technical/annotationApi';
import { useAuth } from '../../../auth/authContext';
import { AuthImage } from '../../clinical/AuthImage';
import {
  creationPayload,
  cropPreview,
  stepValid,
  toggleFrame,
  withIncludeAll,
  withVideo,
  type WizardState,
} from './wizardLogic';

const k = 'technical.datasets.wizard';
const STEPS = ['basic', 'source', 'review', 'complete'] as const;

/** Create Detection Dataset (spec 2 §2.3): four steps, from annotated frames of one video. */
export function CreateDatasetWizardPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const [search] = useSearchParams();
  const lockedVideo = search.get('videoId') ?? '';
  const lockedFrame = search.get('frameId') ?? '';
  const locked = lockedVideo !== '' || lockedFrame !== '';
  const [step, setStep] = useState(0);
  const [state, setState] = useState<WizardState>({
    name: search.get('autoName') ?? '',
    description: '',
    status: 'draft',
    projectId: '',
    videoId: lockedVideo,
    includeAllFrames: false,
    frameIds: lockedFrame === '' ? [] : [lockedFrame],
  });
  const [result, setResult] = useState<
    { id: string; projectId: string } | { error: string } | null
  >(null);
  const [creating, setCreating] = useState(false);
  const projects = useQuery({ queryKey: PROJECTS_QUERY_KEY, queryFn: fetchMyProjects });
  const videos = useQuery({
    queryKey: ['technical', 'all-videos'],
    queryFn: () => fetchAllVideos(null),
  });
  const frames = useQuery({
    queryKey: ['sarm', 'frames', state.videoId, 500],
    queryFn: () => fetchFrames(state.videoId, 500),
    enabled: state.videoId !== '',
  });
  const detections = useQuery({
    queryKey: ['technical', 'video-detections', state.videoId],
    queryFn: () => fetchVideoDetections(state.videoId),
    enabled: step === 2 && state.videoId !== '',
  });
  const chosenFrames = new Set(
    state.includeAllFrames
      ? (frames.data?.frames ?? []).filter((f) => f.detectionCount > 0).map((f) => f.id)
      : state.frameIds,
  );
  const crops = (detections.data ?? []).filter((d) => chosenFrames.has(d.frame_id));
  const preview = cropPreview(crops);

  async function create() {
    if (user === null) return;
    setCreating(true);
    try {
      const dataset = await createDataset(creationPayload(state, user.id));
      if (dataset.id === '') setResult({ error: t(`${k}.noId`) });
      else setResult({ id: dataset.id, projectId: dataset.projectId });
    } catch (error) {
      setResult({ error: errorMessage(error, t(`${k}.failed`)) });
    } finally {
      setCreating(false);
      setStep(3);
    }
  }

  return (
    <Box>
      <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
        {t(`${k}.title`)}
      </Typography>
      <Stepper activeStep={step} sx={{ mb: 3 }}>
        {STEPS.map((name) => (
          <Step key={name}>
            <StepLabel>{t(`${k}.steps.${name}`)}</StepLabel>
          </Step>
        ))}
      </Stepper>
      <Paper sx={{ p: 3 }}>
        {step === 0 && (
          <Stack spacing={2} sx={{ maxWidth: 560 }}>
            <TextField
              label={t(`${k}.name`)}
              value={state.name}
              required
              helperText={t(`${k}.nameHelp`)}
              onChange={(e) => setState({ ...state, name: e.target.value })}
            />
            <TextField
              label={t(`${k}.description`)}
              value={state.description}
              multiline
              minRows={2}
              onChange={(e) => setState({ ...state, description: e.target.value })}
            />
            <TextField
              select
              label={t(`${k}.project`)}
              value={state.projectId}
              onChange={(e) => setState({ ...state, projectId: e.target.value })}
            >
              {(projects.data ?? []).map((project) => (
                <MenuItem key={project.id} value={project.id}>
                  {project.name}
                </MenuItem>
              ))}
            </TextField>
            <TextField label={t(`${k}.type`)} value={t(`${k}.detection`)} disabled />
            <TextField
              select
              label={t(`${k}.status`)}
              value={state.status}
              onChange={(e) =>
                setState({ ...state, status: e.target.value === 'active' ? 'active' : 'draft' })
              }
            >
              <MenuItem value="draft">{t(`${k}.draft`)}</MenuItem>
              <MenuItem value="active">{t(`${k}.active`)}</MenuItem>
            </TextField>
          </Stack>
        )}
        {step === 1 && (
          <Stack spacing={2}>
            <TextField
              select
              label={t(`${k}.video`)}
              value={state.videoId}
              disabled={locked}
              onChange={(e) => setState(withVideo(state, e.target.value))}
              sx={{ maxWidth: 560 }}
            >
              {(videos.data ?? []).map((video) => (
                <MenuItem key={video.id} value={video.id}>
                  {video.name}
                </MenuItem>
              ))}
            </TextField>
            <FormControlLabel
              control={
                <Checkbox
                  checked={state.includeAllFrames}
                  disabled={locked}
                  onChange={(e) => setState(withIncludeAll(state, e.target.checked))}
                />
              }
              label={t(`${k}.includeAll`)}
            />
            {frames.isPending && state.videoId !== '' && <CircularProgress />}
            <Grid container spacing={1}>
              {(frames.data?.frames ?? []).map((frame) => {
                const has = frame.detectionStatus === 'completed';
                const picked = state.includeAllFrames ? has : state.frameIds.includes(frame.id);
                return (
                  <Grid key={frame.id} size={{ xs: 6, sm: 4, md: 2 }}>
                    <Card
                      variant="outlined"
                      sx={{
                        opacity: has ? 1 : 0.45,
                        borderColor: picked ? 'primary.main' : undefined,
                        borderWidth: picked ? 2 : 1,
                      }}
                    >
                      <CardActionArea
                        disabled={!has}
                        onClick={() => setState(toggleFrame(state, frame.id, has))}
                      >
                        <AuthImage
                          path={`/sarm/media/view-frame/${frame.id}`}
                          alt={t(`${k}.frame`, { number: frame.frameNumber })}
                          height={80}
                        />
                        <Stack direction="row" spacing={0.5} sx={{ p: 0.5, alignItems: 'center' }}>
                          <Typography variant="caption">
                            {t(`${k}.frame`, { number: frame.frameNumber })}
                          </Typography>
                          {!has && <Chip size="small" label={t(`${k}.noDetections`)} />}
                        </Stack>
                      </CardActionArea>
                    </Card>
                  </Grid>
                );
              })}
            </Grid>
          </Stack>
        )}
        {step === 2 && (
          <Stack spacing={2}>
            <Typography>
              {t(`${k}.summary`, {
                name: state.name,
                frames: chosenFrames.size,
                boxes: crops.length,
              })}
            </Typography>
            {detections.isPending && <CircularProgress />}
            <Grid container spacing={1}>
              {preview.shown.map((crop) => (
                <Grid key={crop.id} size={{ xs: 3, md: 1 }}>
                  <AuthImage
                    path={crop.crop_url.replace(/^\/api/, '')}
                    alt={t(`${k}.crop`)}
                    height={56}
                  />
                </Grid>
              ))}
            </Grid>
            {preview.more > 0 && (
              <Typography variant="body2">{t(`${k}.more`, { count: preview.more })}</Typography>
            )}
          </Stack>
        )}
        {step === 3 && result !== null && 'id' in result && (
          <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
            <Alert severity="success">{t(`${k}.created`, { name: state.name })}</Alert>
            <Button
              variant="contained"
              component={RouterLink}
              to={`/finetune/projects/${result.projectId}/datasets/${result.id}/data-labels`}
            >
              {t(`${k}.openLabels`)}
            </Button>
          </Stack>
        )}
        {step === 3 && result !== null && 'error' in result && (
          <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
            <Alert severity="error">{result.error}</Alert>
            <Stack direction="row" spacing={1}>
              <Button onClick={() => setStep(2)}>{t(`${k}.goBack`)}</Button>
              <Button variant="contained" onClick={() => setStep(2)}>
                {t(`${k}.tryAgain`)}
              </Button>
            </Stack>
          </Stack>
        )}
        {step < 3 && (
          <Stack direction="row" spacing={1} sx={{ mt: 3 }}>
            <Button disabled={step === 0} onClick={() => setStep(step - 1)}>
              {t(`${k}.back`)}
            </Button>
            {step < 2 ? (
              <Button
                variant="contained"
                disabled={!stepValid(step, state)}
                onClick={() => setStep(step + 1)}
              >
                {t(`${k}.next`)}
              </Button>
            ) : (
              <Button variant="contained" disabled={creating} onClick={() => void create()}>
                {creating ? t(`${k}.creating`) : t(`${k}.create`)}
              </Button>
            )}
          </Stack>
        )}
      </Paper>
    </Box>
  );
}
