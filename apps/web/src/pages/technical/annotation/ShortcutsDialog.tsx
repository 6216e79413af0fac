import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Table,
  TableBody,
  TableCell,
  TableRow,
  Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { SHORTCUTS } from './canvas/keymap';

/** Every keyboard shortcut of the annotation page. */
export function ShortcutsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>{t('technical.annotation.shortcutsTitle')}</DialogTitle>
      <DialogContent>
        <Table size="small">
          <TableBody>
            {SHORTCUTS.map((shortcut) => (
              <TableRow key={shortcut.action}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <code>{shortcut.keys}</code>
                </TableCell>
                <TableCell>{t(`technical.annotation.actions.${shortcut.action}`)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <Typography variant="body2" color="textSecondary" sx={{ mt: 2 }}>
          {t('technical.annotation.legend')}
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('technical.annotation.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
