import {
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Slider,
  TextField,
  Typography,
} from '@mui/material';
import type { DetectionConfig } from '@sarm/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

const k = 'technical.extraction.detection';

/** The detection configuration (spec 2 §9): threshold 0.1-0.9 by 0.05, crops, visualisation. */
export function DetectionConfigDialog({
  config,
  onSave,
  onClose,
}: {
  readonly config: DetectionConfig;
  readonly onSave: (config: DetectionConfig) => void;
  readonly onClose: () => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(config);
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth>
      <DialogTitle>{t(`${k}.title`)}</DialogTitle>
      <DialogContent>
        <TextField
          label={t(`${k}.model`)}
          value={t(`${k}.modelName`)}
          disabled
          fullWidth
          sx={{ mt: 1 }}
        />
        <Typography variant="body2" sx={{ mt: 2 }}>
          {t(`${k}.threshold`, { value: draft.confidence_threshold.toFixed(2) })}
        </Typography>
        <Slider
          aria-label={t(`${k}.thresholdLabel`)}
          value={draft.confidence_threshold}
          min={0.1}
          max={0.9}
          step={0.05}
          marks
          onChange={(_, value: number | number[]) =>
            setDraft({
              ...draft,
              confidence_threshold: Array.isArray(value) ? (value[0] ?? 0.4) : value,
            })
          }
        />
        <FormControlLabel
          control={
            <Checkbox
              checked={draft.generate_crops}
              onChange={(e) => setDraft({ ...draft, generate_crops: e.target.checked })}
            />
          }
          label={t(`${k}.crops`)}
        />
        <FormControlLabel
          control={
            <Checkbox
              checked={draft.generate_visualization}
              onChange={(e) => setDraft({ ...draft, generate_visualization: e.target.checked })}
            />
          }
          label={t(`${k}.visualization`)}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t(`${k}.cancel`)}</Button>
        <Button variant="contained" onClick={() => onSave(draft)}>
          {t(`${k}.save`)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
