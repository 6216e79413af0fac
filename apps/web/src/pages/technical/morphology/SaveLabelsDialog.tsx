import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
} from '@mui/material';
import { useTranslation } from 'react-i18next';

const k = 'technical.morphology.save';

/** 'Save Morphology Labels': N out of M classified, whether some are not, and the question. */
export function SaveLabelsDialog({
  open,
  classified,
  total,
  saving,
  onCancel,
  onSave,
}: {
  readonly open: boolean;
  readonly classified: number;
  readonly total: number;
  readonly saving: boolean;
  readonly onCancel: () => void;
  readonly onSave: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={saving ? undefined : onCancel} aria-labelledby="save-labels-title">
      <DialogTitle id="save-labels-title">{t(`${k}.title`)}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t(`${k}.summary`, { classified, total })}</DialogContentText>
        <DialogContentText sx={{ mt: 1 }}>
          {classified < total
            ? t(`${k}.someUnclassified`, { unclassified: total - classified })
            : t(`${k}.allClassified`)}
        </DialogContentText>
        <DialogContentText sx={{ mt: 1 }}>{t(`${k}.question`)}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={saving}>
          {t(`${k}.cancel`)}
        </Button>
        <Button variant="contained" onClick={onSave} disabled={saving}>
          {saving ? t(`${k}.saving`) : t(`${k}.confirm`)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
