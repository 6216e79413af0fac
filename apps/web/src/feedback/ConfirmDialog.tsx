import {
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { ConfirmOptions } from './confirm';

export interface ConfirmDialogProps {
  readonly open: boolean;
  readonly busy: boolean;
  readonly options: ConfirmOptions;
  readonly onConfirm: () => void;
  readonly onCancel: () => void;
}

/** Defaults: title Confirm, message Are you sure?, labels Confirm and Cancel (spec 1 §9). */
export function ConfirmDialog({ open, busy, options, onConfirm, onCancel }: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onCancel}
      maxWidth="xs"
      fullWidth
      aria-labelledby="confirm-dialog-title"
    >
      <DialogTitle id="confirm-dialog-title">{options.title ?? t('common.confirm')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{options.message ?? t('common.areYouSure')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy}>
          {options.cancelLabel ?? t('common.cancel')}
        </Button>
        <Button
          onClick={onConfirm}
          variant="contained"
          disabled={busy}
          startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {options.confirmLabel ?? t('common.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
