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
import { DESCRIPTION_MAX, NAME_MAX, SHORT_TEXT_MAX, TAGS_MAX } from '@sarm/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FileDetailsDialog, type FileDetails } from './FileDetailsDialog';
import { PatientPicker } from './PatientPicker';
import { localDate, parseTags } from './sampleLogic';
import { defaultVideoName, describeUploadError, uploadVideo } from './uploadVideo';

interface Entry {
  readonly file: File;
  name: string;
  description: string;
  progress: number;
  /** The file's own capture date, source and tags; null: the shared ones above. */
  captureDate: string | null;
  source: string | null;
  tags: string | null;
}

/**
 * Details for the chosen files, then uploads them one at a time with per-file progress. Patient,
 * capture date, tags and source apply to every file unless a file's details dialog gives its
 * own; the patient defaults to the sample's.
 */
export function UploadDialog({
  files,
  datasetId,
  projectId,
  defaultPatientId,
  onClose,
  onUploaded,
}: {
  readonly files: readonly File[];
  readonly datasetId: string;
  /** The project whose patients the picker offers. */
  readonly projectId: string;
  readonly defaultPatientId: string | null;
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
      captureDate: null,
      source: null,
      tags: null,
    })),
  );
  const [detailsOf, setDetailsOf] = useState<number | null>(null);
  const [patientId, setPatientId] = useState<string | null>(defaultPatientId);
  const [captureDate, setCaptureDate] = useState(() => localDate(new Date()));
  const [tags, setTags] = useState('');
  const [source, setSource] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const patch = (index: number, change: Partial<Entry>) =>
    setEntries((list) => list.map((entry, i) => (i === index ? { ...entry, ...change } : entry)));

  const describe = (error: unknown, file: string) => describeUploadError(t, error, file);

  /** The file's details with the shared values where it has none of its own. */
  const effective = (entry: Entry): FileDetails => ({
    name: entry.name,
    description: entry.description,
    captureDate: entry.captureDate ?? captureDate,
    source: entry.source ?? source,
    tags: entry.tags ?? tags,
  });

  async function start() {
    if (datasetId === '') return setError(t('clinical.datasetRequired'));
    if (entries.length === 0) return setError(t('clinical.noFiles'));
    if (entries.some((entry) => parseTags(entry.tags ?? tags).length > TAGS_MAX))
      return setError(t('samples.tooManyTags', { max: TAGS_MAX }));
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
            captureDate: effective(entry).captureDate || localDate(new Date()),
            patientId,
            tags: parseTags(effective(entry).tags),
            source: effective(entry).source,
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
          <Stack spacing={2}>
            <PatientPicker
              projectId={projectId}
              value={patientId}
              onChange={setPatientId}
              disabled={busy}
            />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                label={t('samples.captureDate')}
                type="date"
                size="small"
                value={captureDate}
                disabled={busy}
                onChange={(event) => setCaptureDate(event.target.value)}
                slotProps={{ inputLabel: { shrink: true } }}
                sx={{ flex: 1 }}
              />
              <TextField
                label={t('samples.source')}
                size="small"
                value={source}
                disabled={busy}
                placeholder={t('samples.sourcePlaceholder')}
                onChange={(event) => setSource(event.target.value)}
                slotProps={{ htmlInput: { maxLength: SHORT_TEXT_MAX } }}
                sx={{ flex: 1 }}
              />
            </Stack>
            <TextField
              label={t('samples.tags')}
              size="small"
              value={tags}
              disabled={busy}
              helperText={t('samples.tagsHint')}
              onChange={(event) => setTags(event.target.value)}
            />
          </Stack>
          {entries.map((entry, index) => (
            <Stack key={`${entry.file.name}-${index}`} spacing={1}>
              <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
                <Typography variant="subtitle2">
                  {t('clinical.fileSize', {
                    name: entry.file.name,
                    size: (entry.file.size / 1024 / 1024).toFixed(1),
                  })}
                </Typography>
                <Button
                  size="small"
                  disabled={busy}
                  aria-label={t('clinical.fileDetailsOpen', { name: entry.file.name })}
                  onClick={() => setDetailsOf(index)}
                >
                  {t('clinical.fileDetails')}
                </Button>
              </Stack>
              {(entry.captureDate ?? entry.source ?? entry.tags) !== null && (
                <Typography variant="caption" color="textSecondary">
                  {t('clinical.fileOwnDetails', {
                    date: effective(entry).captureDate,
                    source: effective(entry).source || '–',
                    tags: parseTags(effective(entry).tags).join(', ') || '–',
                  })}
                </Typography>
              )}
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
      {detailsOf !== null && entries[detailsOf] !== undefined && (
        <FileDetailsDialog
          fileName={entries[detailsOf].file.name}
          details={effective(entries[detailsOf])}
          onClose={() => setDetailsOf(null)}
          onSave={(details) => {
            patch(detailsOf, details);
            setDetailsOf(null);
          }}
        />
      )}
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
