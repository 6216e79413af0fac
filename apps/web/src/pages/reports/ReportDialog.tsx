import {
  Alert,
  Box,
  Button,
  Checkbox,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Step,
  StepLabel,
  Stepper,
  TextField,
  Typography,
} from '@mui/material';
import { WHO_REQUIRED_VIDEO_COUNT, type Dataset } from '@sarm/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { errorMessage } from '../../api/client';
import { clinicalKeys, fetchDatasetVideos } from '../../api/clinicalApi';
import { fetchReportVersions, reportKeys, runReport } from '../../api/reportsApi';
import {
  combineOutcomes,
  elapsed,
  fmt,
  toggleVideo,
  usableForReport,
  validateVideoSelection,
  type AnalysisResults,
} from './reportLogic';
import { needsAmendReason } from './reportVersionsLogic';

async function outcome<T>(promise: Promise<T>) {
  try {
    return { ok: true as const, value: await promise };
  } catch (error) {
    return { ok: false as const, message: errorMessage(error, '') };
  }
}

/** Generate Report dialog of the datasets page: select 5 videos, run, results (spec 1 §2.4). */
export function ReportDialog(props: {
  readonly dataset: Dataset;
  readonly projectId: string;
  readonly onClose: () => void;
}) {
  const { dataset, projectId, onClose } = props;
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [step, setStep] = useState(0);
  const [reason, setReason] = useState('');
  const [selected, setSelected] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [results, setResults] = useState<AnalysisResults | null>(null);
  const [startedAt, setStartedAt] = useState(0);
  const [now, setNow] = useState(0);
  const videos = useQuery({
    queryKey: clinicalKeys.videos(dataset.id),
    queryFn: () => fetchDatasetVideos(dataset.id),
  });
  const usable = (videos.data ?? []).filter(usableForReport);
  const versions = useQuery({
    queryKey: reportKeys.versions(dataset.id),
    queryFn: () => fetchReportVersions(dataset.id),
  });
  // Once a version is signed, a run is an amendment: the server refuses it without a reason.
  const amending = needsAmendReason(versions.data?.versions ?? []);

  useEffect(() => {
    if (step !== 1) return undefined;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [step]);

  async function run() {
    const invalid = validateVideoSelection(selected);
    if (invalid !== null) {
      setError(t(invalid));
      return;
    }
    if (amending && reason.trim() === '') {
      setError(t('reports.versions.reasonRequired'));
      return;
    }
    setError(null);
    setStep(1);
    setStartedAt(Date.now());
    setNow(Date.now());
    // One run, one report version: motility re-runs the engine, concentration reuses its analyses.
    const saved = await outcome(
      runReport(dataset.id, selected, {
        forceReanalysis: true,
        ...(amending ? { reason: reason.trim() } : {}),
      }),
    );
    await client.invalidateQueries({ queryKey: reportKeys.stored(dataset.id) });
    if (!saved.ok) {
      setError(t('reports.analysisFailed', { message: saved.message }));
      setStep(0);
      return;
    }
    const motility = { ok: true as const, value: saved.value.motility_report };
    const concentration = { ok: true as const, value: saved.value.concentration_report };
    setResults(
      combineOutcomes(concentration, motility, {
        motilityFailed: (message) => t('reports.motilityFailed', { message }),
        concentrationFailed: (message) => t('reports.concentrationFailed', { message }),
      }),
    );
    setStep(2);
  }

  function openReport() {
    if (results === null) return;
    void navigate('/sarm/reports/analysis', {
      state: {
        analysisResults: results,
        selectedVideos: usable.filter((video) => selected.includes(video.id)),
        dataset,
        projectId,
      },
    });
  }

  const failedBoth =
    results !== null && results.concentration === null && results.motility === null;
  return (
    <Dialog open onClose={step === 1 ? undefined : onClose} maxWidth="sm" fullWidth>
      <DialogTitle>{t('reports.dialogTitle', { name: dataset.name })}</DialogTitle>
      <DialogContent>
        <Stepper activeStep={step} sx={{ mb: 3 }}>
          {(['stepSelect', 'stepRunning', 'stepResults'] as const).map((key) => (
            <Step key={key}>
              <StepLabel>{t(`reports.${key}`)}</StepLabel>
            </Step>
          ))}
        </Stepper>
        {step === 0 && (
          <>
            <Typography sx={{ mb: 1 }}>
              {t('reports.selectHint', { count: WHO_REQUIRED_VIDEO_COUNT })}
            </Typography>
            <Typography variant="caption" color="textSecondary">
              {t('reports.selectedCount', { count: selected.length })}
            </Typography>
            {videos.isPending && <CircularProgress size={24} sx={{ display: 'block' }} />}
            {videos.isError && <Alert severity="error">{videos.error.message}</Alert>}
            <List dense>
              {usable.map((video) => {
                const checked = selected.includes(video.id);
                const full = selected.length >= WHO_REQUIRED_VIDEO_COUNT;
                return (
                  <ListItemButton
                    key={video.id}
                    disabled={!checked && full}
                    onClick={() => {
                      setError(null);
                      setSelected((current) => toggleVideo(current, video.id));
                    }}
                  >
                    <ListItemIcon>
                      <Checkbox edge="start" checked={checked} tabIndex={-1} disableRipple />
                    </ListItemIcon>
                    <ListItemText
                      primary={video.name}
                      secondary={t('reports.videoResolutionDuration', {
                        resolution: video.resolution,
                        seconds: fmt(video.duration),
                      })}
                    />
                  </ListItemButton>
                );
              })}
            </List>
            {amending && (
              <>
                <Alert severity="info" sx={{ mt: 1 }}>
                  {t('reports.versions.reasonPrompt')}
                </Alert>
                <TextField
                  label={t('reports.versions.reason')}
                  value={reason}
                  onChange={(event) => setReason(event.target.value)}
                  required
                  multiline
                  minRows={2}
                  fullWidth
                  sx={{ my: 2 }}
                />
              </>
            )}
            {error !== null && <Alert severity="error">{error}</Alert>}
          </>
        )}
        {step === 1 && (
          <Box sx={{ textAlign: 'center', py: 3 }}>
            <CircularProgress />
            <Typography sx={{ mt: 2 }}>{t('reports.running')}</Typography>
            <Typography variant="body2" color="textSecondary">
              {t('reports.estimate')}
            </Typography>
            <Typography variant="body2" sx={{ mt: 1 }}>
              {t('reports.elapsed', { time: elapsed((now - startedAt) / 1000) })}
            </Typography>
          </Box>
        )}
        {step === 2 && results !== null && (
          <Box>
            {results.concentration !== null && (
              <Typography>
                {t('reports.concentrationResult', {
                  value: fmt(
                    results.concentration.aggregated_results.mean_concentration_million_per_ml,
                  ),
                })}
              </Typography>
            )}
            {results.motility !== null && (
              <Typography>
                {t('reports.motilityResult', {
                  value: fmt(results.motility.aggregated_results.progressive_percent),
                })}
              </Typography>
            )}
            {results.errors.length > 0 && (
              <Alert severity={failedBoth ? 'error' : 'warning'} sx={{ mt: 2 }}>
                {results.errors.map((message) => (
                  <div key={message}>{message}</div>
                ))}
              </Alert>
            )}
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        {step !== 1 && <Button onClick={onClose}>{t('reports.close')}</Button>}
        {step === 0 && (
          <Button variant="contained" onClick={() => void run()}>
            {t('reports.runAnalysis')}
          </Button>
        )}
        {step === 2 && !failedBoth && (
          <Button variant="contained" onClick={openReport}>
            {t('reports.viewFullReport')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
