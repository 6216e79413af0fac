import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { DESCRIPTION_MAX, NAME_MAX } from '@sarm/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UploadError, defaultVideoName, uploadVideo } from './uploadVideo';

interface Entry {
  readonly file: File;
  name: string;
  description: string;
  progress: number;
}

const today = () => new Date().toISOString().slice(0, 10);

/** Details for the chosen files, then uploads them one at a time with per-file progress. */
export function UploadDialog({
  files,
  datasetId,
  onClose,
  onUploaded,
}: {
  readonly files: readonly File[];
  readonly datasetId: string;
  readonly onClose: () => void;
  readonly onUploaded: () => void;
}) {
  const { t } = useTranslation();
  const [entries, setEntries] = useState<Entry[]>(() =>
    files.map((file) => ({
      file,
      name: defaultVideoName(file.name),
      description: '',
      progress: 0,
    })),
  );
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const patch = (index: number, change: Partial<Entry>) =>
    setEntries((list) => list.map((entry, i) => (i === index ? { ...entry, ...change } : entry)));

  function describe(error: unknown, file: string): string {
    if (!(error instanceof UploadError))
      return t('clinical.uploadFailed', { file, message: t('clinical.uploadFailedGeneric') });
    const { failure } = error;
    const message =
      failure.kind === 'noToken'
        ? t('clinical.noToken')
        : failure.kind === 'expired'
          ? t('clinical.sessionExpired')
          : failure.kind === 'network'
            ? t('clinical.uploadNetwork')
            : (failure.message ?? t('clinical.uploadStatus', { status: failure.status }));
    return t('clinical.uploadFailed', { file, message });
  }

  async function start() {
    if (datasetId === '') return setError(t('clinical.datasetRequired'));
    if (entries.length === 0) return setError(t('clinical.noFiles'));
    setBusy(true);
    setError(null);
    for (const [index, entry] of entries.entries()) {
      try {
        await uploadVideo(
          entry.file,
          {
            datasetId,
            name: entry.name.trim() || defaultVideoName(entry.file.name),
            description: entry.description,
            captureDate: today(),
          },
          (progress) => patch(index, { progress }),
        );
      } catch (failure) {
        patch(index, { progress: 0 });
        setError(describe(failure, entry.file.name));
        setBusy(false);
        onUploaded();
        return;
      }
    }
    setBusy(false);
    onUploaded();
    onClose();
  }

  return (
    <Dialog open fullWidth maxWidth="sm" onClose={busy ? undefined : onClose}>
      <DialogTitle>{t('clinical.uploadTitle')}</DialogTitle>
      <DialogContent>
        <Stack spacing={3} sx={{ pt: 1 }}>
          {error !== null && <Alert severity="error">{error}</Alert>}
          {entries.map((entry, index) => (
            <Stack key={`${entry.file.name}-${index}`} spacing={1}>
              <Typography variant="subtitle2">
                {t('clinical.fileSize', {
                  name: entry.file.name,
                  size: (entry.file.size / 1024 / 1024).toFixed(1),
                })}
              </Typography>
              <TextField
                label={t('clinical.videoName')}
                value={entry.name}
                disabled={busy}
                size="small"
                slotProps={{ htmlInput: { maxLength: NAME_MAX } }}
                onChange={(event) => patch(index, { name: event.target.value })}
              />
              <TextField
                label={t('clinical.description')}
                value={entry.description}
                disabled={busy}
                size="small"
                multiline
                slotProps={{ htmlInput: { maxLength: DESCRIPTION_MAX } }}
                onChange={(event) => patch(index, { description: event.target.value })}
              />
              <LinearProgress
                variant="determinate"
                value={entry.progress}
                aria-label={t('clinical.uploadProgress', { name: entry.file.name })}
              />
              <Typography variant="caption" color="textSecondary">
                {entry.progress}%
              </Typography>
            </Stack>
          ))}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {t('clinical.cancel')}
        </Button>
        <Button variant="contained" onClick={() => void start()} disabled={busy}>
          {t('clinical.upload')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
