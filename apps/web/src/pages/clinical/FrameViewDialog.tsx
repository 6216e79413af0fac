import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  TextField,
} from '@mui/material';
import { NOTE_MAX, type Frame, type FrameListResponse } from '@sarm/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveFrameNote } from '../../api/clinicalApi';
import { AuthImage } from './AuthImage';
import { noteChanged, withFrame } from './frameSelectionLogic';

/** A larger view of a frame with its note, which Save Note stores on the server. */
export function FrameViewDialog({
  frame,
  onClose,
  canEdit = true,
}: {
  readonly frame: Frame;
  readonly onClose: () => void;
  /** Whether the caller may change frames (select_frames); otherwise the note is read-only. */
  readonly canEdit?: boolean;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [note, setNote] = useState(frame.note);
  const [savedNote, setSavedNote] = useState(frame.note);
  const save = useMutation({
    mutationFn: () => saveFrameNote(frame.id, note),
    onSuccess: async (saved) => {
      setSavedNote(saved.note);
      setNote(saved.note);
      client.setQueriesData<FrameListResponse>(
        { queryKey: ['sarm', 'frames', frame.videoId] },
        (page) => withFrame(page, saved),
      );
      await client.invalidateQueries({ queryKey: ['sarm', 'frames', frame.videoId] });
    },
  });
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
          onChange={(event) => {
            setNote(event.target.value);
            save.reset();
          }}
          disabled={!canEdit}
          slotProps={{ htmlInput: { maxLength: NOTE_MAX } }}
          fullWidth
          multiline
          minRows={2}
          sx={{ mt: 2 }}
        />
        {save.isSuccess && (
          <Alert severity="success" sx={{ mt: 1 }} data-testid="frame-note-saved">
            {t('frameSelection.noteSaved')}
          </Alert>
        )}
        {save.isError && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {t('frameSelection.noteSaveFailed', { message: save.error.message })}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        {canEdit && (
          <Button
            variant="contained"
            disabled={save.isPending || !noteChanged(savedNote, note)}
            onClick={() => save.mutate()}
          >
            {save.isPending ? t('frameSelection.savingNote') : t('frameSelection.saveNote')}
          </Button>
        )}
        <Button onClick={onClose}>{t('frameSelection.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
