import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  TextField,
} from '@mui/material';
import { NOTE_MAX, type Frame } from '@sarm/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthImage } from './AuthImage';

/** A larger view of a frame with its note (the note is edited locally, not saved). */
export function FrameViewDialog({
  frame,
  onClose,
}: {
  readonly frame: Frame;
  readonly onClose: () => void;
}) {
  const { t } = useTranslation();
  const [note, setNote] = useState(frame.note);
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth>
      <DialogTitle>{t('clinical.frameNumber', { number: frame.frameNumber })}</DialogTitle>
      <DialogContent>
        <AuthImage
          path={`/sarm/media/view-frame/${frame.id}`}
          alt={t('clinical.frameNumber', { number: frame.frameNumber })}
          height={420}
        />
        <TextField
          label={t('frameSelection.frameNote')}
          value={note}
          onChange={(event) => setNote(event.target.value)}
          slotProps={{ htmlInput: { maxLength: NOTE_MAX } }}
          fullWidth
          multiline
          minRows={2}
          sx={{ mt: 2 }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('frameSelection.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
