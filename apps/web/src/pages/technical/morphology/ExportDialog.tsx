import {
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  MenuItem,
  Stack,
  TextField,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MorphologyExportOptions } from '../../../api/technical/morphologyApi';

const k = 'technical.morphology.export';

/** Export choices (spec 2 §9): COCO or masks, images included and bad masks left out by default. */
export function ExportDialog({
  open,
  busy,
  onClose,
  onExport,
}: {
  readonly open: boolean;
  readonly busy: boolean;
  readonly onClose: () => void;
  readonly onExport: (options: MorphologyExportOptions) => void;
}) {
  const { t } = useTranslation();
  const [format, setFormat] = useState<'coco' | 'masks'>('coco');
  const [images, setImages] = useState(true);
  const [excludeBad, setExcludeBad] = useState(true);
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="morphology-export-title">
      <DialogTitle id="morphology-export-title">{t(`${k}.title`)}</DialogTitle>
      <DialogContent>
        <Stack spacing={1} sx={{ pt: 1, minWidth: 320 }}>
          <TextField
            select
            size="small"
            label={t(`${k}.format`)}
            value={format}
            onChange={(event) => setFormat(event.target.value === 'masks' ? 'masks' : 'coco')}
          >
            <MenuItem value="coco">{t(`${k}.coco`)}</MenuItem>
            <MenuItem value="masks">{t(`${k}.masks`)}</MenuItem>
          </TextField>
          <FormControlLabel
            control={<Checkbox checked={images} onChange={(_, value) => setImages(value)} />}
            label={t(`${k}.includeImages`)}
          />
          <FormControlLabel
            control={
              <Checkbox checked={excludeBad} onChange={(_, value) => setExcludeBad(value)} />
            }
            label={t(`${k}.excludeBad`)}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t(`${k}.cancel`)}</Button>
        <Button
          variant="contained"
          disabled={busy}
          onClick={() =>
            onExport({ format, includeOriginalImages: images, excludeBadQuality: excludeBad })
          }
        >
          {busy ? t(`${k}.exporting`) : t(`${k}.confirm`)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
