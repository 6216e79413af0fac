import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
} from '@mui/material';
import { DESCRIPTION_MAX, NAME_MAX, SHORT_TEXT_MAX } from '@sarm/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** One file's upload details; capture date, source and tags override the dialog's shared ones. */
export interface FileDetails {
  readonly name: string;
  readonly description: string;
  readonly captureDate: string;
  readonly source: string;
  readonly tags: string;
}

/** The per-file metadata dialog of the upload (spec 2 §2.3 Dataset videos). */
export function FileDetailsDialog({
  fileName,
  details,
  onSave,
  onClose,
}: {
  readonly fileName: string;
  readonly details: FileDetails;
  readonly onSave: (details: FileDetails) => void;
  readonly onClose: () => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(details);
  const set = (change: Partial<FileDetails>) => setDraft((current) => ({ ...current, ...change }));
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{t('clinical.fileDetailsTitle', { name: fileName })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            label={t('clinical.videoName')}
            size="small"
            value={draft.name}
            slotProps={{ htmlInput: { maxLength: NAME_MAX } }}
            onChange={(event) => set({ name: event.target.value })}
          />
          <TextField
            label={t('clinical.description')}
            size="small"
            multiline
            value={draft.description}
            slotProps={{ htmlInput: { maxLength: DESCRIPTION_MAX } }}
            onChange={(event) => set({ description: event.target.value })}
          />
          <TextField
            label={t('samples.captureDate')}
            type="date"
            size="small"
            value={draft.captureDate}
            onChange={(event) => set({ captureDate: event.target.value })}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            label={t('samples.source')}
            size="small"
            value={draft.source}
            placeholder={t('samples.sourcePlaceholder')}
            slotProps={{ htmlInput: { maxLength: SHORT_TEXT_MAX } }}
            onChange={(event) => set({ source: event.target.value })}
          />
          <TextField
            label={t('samples.tags')}
            size="small"
            value={draft.tags}
            helperText={t('samples.tagsHint')}
            onChange={(event) => set({ tags: event.target.value })}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('clinical.cancel')}</Button>
        <Button variant="contained" onClick={() => onSave(draft)}>
          {t('clinical.fileDetailsSave')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
