import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Grid,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { VIDEO_SOURCE_LIVE } from '@sarm/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { calibrationKeys, fetchCalibrationProfiles } from '../../../api/calibrationApi';
import { clinicalKeys, fetchDataset, fetchDatasetVideos } from '../../../api/clinicalApi';
import { runReport } from '../../../api/reportsApi';
import { CameraPanel } from './CameraPanel';
import { FieldList } from './FieldList';
import { liveFieldName } from './fieldMachine';
import { CameraEndedError, recordField } from './fieldRecorder';
import { fieldsLeft, forgetField, type StoredField } from './fieldStore';
import { PreviewPanel } from './PreviewPanel';
import { RunningTotals } from './RunningTotals';
import { useCamera } from './useCamera';
import { useLiveFields } from './useLiveFields';
import { usePreviewDetection } from './usePreviewDetection';
import { useSampleTotals } from './useSampleTotals';

const FIELD_SECONDS_KEY = 'sarm.live.fieldSeconds';
const DEFAULT_FIELD_SECONDS = 2;

function savedFieldSeconds(): number {
  const saved = Number(window.localStorage.getItem(FIELD_SECONDS_KEY));
  return saved > 0 ? saved : DEFAULT_FIELD_SECONDS;
}

/** True when a key press belongs to a text field or control, not to the recorder. */
const typingIn = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT', 'BUTTON'].includes(target.tagName));

/**
 * Live capture at the microscope (/sarm/samples/:datasetId/live): the camera's preview with the
 * engine's heads over it, fields recorded with a button or the space bar, each uploaded as a
 * video of the sample and analysed at once, the running totals, and Finish to the report.
 */
export function LiveCapturePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { datasetId = '' } = useParams();
  const dataset = useQuery({
    queryKey: clinicalKeys.dataset(datasetId),
    queryFn: () => fetchDataset(datasetId),
    enabled: datasetId !== '',
  });
  const profiles = useQuery({
    queryKey: calibrationKeys.profiles,
    queryFn: fetchCalibrationProfiles,
  });
  const settings = dataset.data?.settings;
  const profile = profiles.data?.find((p) => p.id === settings?.calibration_profile_id);
  const profileFps = profile?.frame_rate_fps ?? null;
  const patientId = settings?.patient_id ?? null;

  const videoRef = useRef<HTMLVideoElement | null>(null);
  const overlayRef = useRef<HTMLCanvasElement | null>(null);
  const camera = useCamera(videoRef);
  const live = camera.status.kind === 'live';
  const preview = usePreviewDetection(videoRef, overlayRef, live, settings?.um_per_pixel ?? 0.5);
  const totals = useSampleTotals(datasetId);
  const fields = useLiveFields({ patientId, onAnalysed: totals.refresh });
  const [fieldSeconds, setFieldSeconds] = useState(savedFieldSeconds);
  const [recording, setRecording] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [left, setLeft] = useState<StoredField[]>([]);

  // Fields an earlier visit recorded but could not send.
  useEffect(() => {
    if (datasetId === '') return;
    void fieldsLeft(datasetId)
      .then(setLeft)
      .catch(() => setLeft([]));
  }, [datasetId]);

  const record = useCallback(async () => {
    const stream = camera.stream;
    if (stream === null || recording !== null) return;
    const earlier = await fetchDatasetVideos(datasetId).catch(() => []);
    const number =
      Math.max(
        earlier.filter((video) => video.source === VIDEO_SOURCE_LIVE).length,
        fields.fields.length,
      ) + 1;
    const recordedAt = new Date();
    const id = crypto.randomUUID();
    fields.begin({
      id,
      datasetId,
      number,
      name: liveFieldName(number, recordedAt),
      recordedAt: recordedAt.toISOString(),
      durationS: fieldSeconds,
    });
    setRecording(id);
    setMessage(null);
    try {
      const blob = await recordField(stream, fieldSeconds * 1000);
      await fields.recorded(id, blob, fieldSeconds);
    } catch (error) {
      fields.cameraEnded(id);
      setMessage(
        error instanceof CameraEndedError
          ? t('live.record.cameraEnded')
          : t('live.record.failed', {
              message: error instanceof Error ? error.message : String(error),
            }),
      );
    } finally {
      setRecording(null);
    }
  }, [camera.stream, datasetId, fieldSeconds, fields, recording, t]);

  // The space bar records: the technician's hands are on the microscope.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.code !== 'Space' || event.repeat || typingIn(event.target)) return;
      event.preventDefault();
      void record();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [record]);

  const finish = useMutation({
    mutationFn: async () => {
      const ids = totals.data?.videoIds ?? [];
      if (ids.length > 0) await runReport(datasetId, ids, { forceReanalysis: false });
    },
    onSuccess: () => void navigate(`/sarm/reports/view/${datasetId}`),
  });

  const busy = fields.fields.some((f) =>
    ['recording', 'stored', 'uploading', 'waiting_retry', 'analysing'].includes(f.state.kind),
  );

  return (
    <Box data-testid="live-capture-page" data-recording={recording !== null}>
      <Stack sx={{ mb: 2 }}>
        <Typography variant="h4" component="h1">
          {t('live.title')}
        </Typography>
        {dataset.data !== undefined && (
          <Typography color="text.secondary" data-testid="live-sample">
            {t('live.sample', {
              name: dataset.data.name,
              patient: patientId ?? t('live.none'),
              profile: profile?.name ?? t('live.none'),
              chamber: settings?.chamber_name || `${settings?.chamber_depth_um ?? ''} µm`,
              dilution: settings?.dilution_factor ?? 1,
              scale: settings?.um_per_pixel ?? '',
            })}
          </Typography>
        )}
      </Stack>
      {dataset.isError && <Alert severity="error">{dataset.error.message}</Alert>}
      {left.length > 0 && (
        <Alert
          severity="warning"
          sx={{ mb: 2 }}
          data-testid="live-left"
          action={
            <Stack direction="row" spacing={1}>
              <Button
                color="inherit"
                onClick={() => {
                  fields.resume(left);
                  setLeft([]);
                }}
                data-testid="live-left-upload"
              >
                {t('live.left.upload')}
              </Button>
              <Button
                color="inherit"
                onClick={() => {
                  void Promise.all(left.map((f) => forgetField(f.id))).then(() => setLeft([]));
                }}
              >
                {t('live.left.drop')}
              </Button>
            </Stack>
          }
        >
          {t('live.left.message', { n: left.length })}
        </Alert>
      )}
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, lg: 7 }}>
          <Card>
            <CardContent>
              <Stack spacing={2}>
                <CameraPanel
                  devices={camera.devices}
                  status={camera.status}
                  measuredFps={camera.measuredFps}
                  profileFps={profileFps}
                  busy={recording !== null}
                  onStart={(request) => void camera.start(request)}
                  onStop={camera.stop}
                />
                <PreviewPanel
                  videoRef={videoRef}
                  overlayRef={overlayRef}
                  preview={preview}
                  live={live}
                  recording={recording !== null}
                />
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  <TextField
                    size="small"
                    type="number"
                    label={t('live.record.length')}
                    value={fieldSeconds}
                    onChange={(event) => {
                      const seconds = Number(event.target.value);
                      if (seconds > 0 && seconds <= 30) {
                        setFieldSeconds(seconds);
                        window.localStorage.setItem(FIELD_SECONDS_KEY, String(seconds));
                      }
                    }}
                    slotProps={{ htmlInput: { min: 0.5, max: 30, step: 0.5 } }}
                    sx={{ width: 150 }}
                    disabled={recording !== null}
                  />
                  <Button
                    variant="contained"
                    color="error"
                    disabled={!live || recording !== null}
                    onClick={() => void record()}
                    data-testid="live-record"
                  >
                    {recording !== null ? t('live.record.recording') : t('live.record.button')}
                  </Button>
                  <Typography variant="body2" color="text.secondary">
                    {t('live.record.spaceHint')}
                  </Typography>
                </Stack>
                {message !== null && (
                  <Alert severity="error" data-testid="live-record-message">
                    {message}
                  </Alert>
                )}
              </Stack>
            </CardContent>
          </Card>
        </Grid>
        <Grid size={{ xs: 12, lg: 5 }}>
          <Stack spacing={2}>
            <Card>
              <CardContent>
                <RunningTotals
                  totals={totals.data?.totals ?? null}
                  fieldsRecorded={fields.fields.length}
                />
                {totals.isError && <Alert severity="error">{totals.error.message}</Alert>}
              </CardContent>
            </Card>
            <Card>
              <CardContent>
                <Typography variant="h6">{t('live.fields.title')}</Typography>
                <FieldList
                  fields={fields.fields}
                  onDiscard={(id) => void fields.discard(id, t('live.fields.discardReason'))}
                  onRestore={(id) => void fields.restore(id)}
                />
              </CardContent>
            </Card>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Button
                variant="contained"
                disabled={finish.isPending || busy || (totals.data?.videoIds.length ?? 0) === 0}
                onClick={() => finish.mutate()}
                data-testid="live-finish"
              >
                {t('live.finish')}
              </Button>
              {busy && <Typography variant="body2">{t('live.finishWait')}</Typography>}
            </Stack>
            {finish.isError && <Alert severity="error">{finish.error.message}</Alert>}
          </Stack>
        </Grid>
      </Grid>
    </Box>
  );
}
