import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import type { ReviewUnit } from '@sarm/contracts';
import { NOTE_MAX } from '@sarm/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthImage } from '../../clinical/AuthImage';
import { canDecide } from './reviewLogic';

type Decision = 'approved' | 'rejected' | 'needsCorrection';

/** Shows a unit (frame with its boxes) and, while pending, lets a reviewer decide with notes. */
export function ReviewDialog({
  unit,
  canReview,
  busy,
  error,
  onDecide,
  onClose,
}: {
  readonly unit: ReviewUnit | null;
  readonly canReview: boolean;
  readonly busy: boolean;
  readonly error: string | null;
  readonly onDecide: (decision: Decision, notes: string) => void;
  readonly onClose: () => void;
}) {
  const { t } = useTranslation();
  const [notes, setNotes] = useState('');
  const k = 'technical.labels.review';
  if (unit === null) return null;
  const open = canDecide(unit, canReview);
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth>
      <DialogTitle>
        {t(`${k}.dialogTitle`, { frameNumber: unit.frame_number, dataset: unit.dataset_name })}
      </DialogTitle>
      <DialogContent>
        <AuthImage
          path={`/sarm/media/view-visualization/${unit.frame_id}`}
          alt={t(`${k}.frameAlt`, { frameNumber: unit.frame_number })}
          height={320}
        />
        <Stack spacing={0.5} sx={{ mt: 2 }}>
          <Typography variant="body2">
            {t(`${k}.summary`, {
              count: unit.label_count,
              video: unit.video_name,
              creator: unit.creator_name ?? '—',
            })}
          </Typography>
          <Typography variant="body2">
            {t(`${k}.statusLine`, { status: t(`${k}.status.${unit.status}`) })}
            {unit.reviewer_name !== null &&
              ` · ${t(`${k}.reviewedBy`, {
                name: unit.reviewer_name,
                date: new Date(unit.reviewed_at ?? '').toLocaleString(),
              })}`}
          </Typography>
          {unit.notes !== '' && (
            <Typography variant="body2">{t(`${k}.notesLine`, { notes: unit.notes })}</Typography>
          )}
        </Stack>
        {open && (
          <TextField
            label={t(`${k}.notes`)}
            value={notes}
            onChange={(event) => setNotes(event.target.value)}
            multiline
            minRows={2}
            fullWidth
            sx={{ mt: 2 }}
            slotProps={{ htmlInput: { maxLength: NOTE_MAX } }}
          />
        )}
        {!canReview && unit.status === 'pending' && (
          <Alert severity="info" sx={{ mt: 2 }}>
            {t(`${k}.reviewersOnly`)}
          </Alert>
        )}
        {error !== null && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t(`${k}.close`)}</Button>
        {open && (
          <>
            <Button
              color="warning"
              disabled={busy}
              onClick={() => onDecide('needsCorrection', notes)}
            >
              {t(`${k}.needsCorrection`)}
            </Button>
            <Button color="error" disabled={busy} onClick={() => onDecide('rejected', notes)}>
              {t(`${k}.reject`)}
            </Button>
            <Button
              variant="contained"
              color="success"
              disabled={busy}
              onClick={() => onDecide('approved', notes)}
            >
              {t(`${k}.approve`)}
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
