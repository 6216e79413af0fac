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

/** A tool's keyboard shortcuts: keys and what they do, with an optional legend below. */
export function ShortcutsDialog({
  open,
  onClose,
  title,
  shortcuts,
  legend,
  closeText,
}: {
  readonly open: boolean;
  readonly onClose: () => void;
  readonly title: string;
  readonly shortcuts: readonly { readonly keys: string; readonly text: string }[];
  readonly legend?: string;
  readonly closeText: string;
}) {
  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <Table size="small">
          <TableBody>
            {shortcuts.map((shortcut) => (
              <TableRow key={shortcut.text}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <code>{shortcut.keys}</code>
                </TableCell>
                <TableCell>{shortcut.text}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        {legend !== undefined && (
          <Typography variant="body2" color="textSecondary" sx={{ mt: 2 }}>
            {legend}
          </Typography>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{closeText}</Button>
      </DialogActions>
    </Dialog>
  );
}
