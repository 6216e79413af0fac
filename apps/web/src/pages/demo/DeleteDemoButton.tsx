import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { STORAGE_KEYS } from '../../api/session';
import { useToast } from '../../feedback/feedbackContext';
import { deleteDemo } from './demoApi';

/** "Delete the demo", after a confirmation; then every list is read again. */
export function DeleteDemoButton({ projectId }: { readonly projectId: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const remove = async () => {
    setBusy(true);
    try {
      await deleteDemo();
      if (window.localStorage.getItem(STORAGE_KEYS.currentProjectId) === projectId)
        window.localStorage.removeItem(STORAGE_KEYS.currentProjectId);
      setOpen(false);
      await navigate('/dashboard');
      // Everything on screen may have shown the demo: read it all again.
      await queryClient.invalidateQueries();
      toast(t('demo.deleted'), 'success');
    } catch (error) {
      toast(
        t('demo.deleteFailed', { message: error instanceof Error ? error.message : '' }),
        'error',
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button color="inherit" size="small" variant="outlined" onClick={() => setOpen(true)}>
        {t('demo.delete')}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)}>
        <DialogTitle>{t('demo.confirmTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('demo.confirmText')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button color="error" variant="contained" onClick={() => void remove()} disabled={busy}>
            {t('demo.confirmDelete')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
