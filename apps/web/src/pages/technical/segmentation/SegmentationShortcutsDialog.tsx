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
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { SEGMENTATION_SHORTCUTS } from './segmentationLogic';

/** Every keyboard shortcut of the segmentation tool. */
export function SegmentationShortcutsDialog({
  open,
  onClose,
}: {
  readonly open: boolean;
  readonly onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onClose} maxWidth="xs" fullWidth>
      <DialogTitle>{t('technical.segmentation.shortcutsTitle')}</DialogTitle>
      <DialogContent>
        <Table size="small">
          <TableBody>
            {SEGMENTATION_SHORTCUTS.map((shortcut) => (
              <TableRow key={shortcut.action}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <code>{shortcut.keys}</code>
                </TableCell>
                <TableCell>{t(`technical.segmentation.actions.${shortcut.action}`)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('technical.segmentation.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
