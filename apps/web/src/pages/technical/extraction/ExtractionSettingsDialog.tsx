import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Radio,
  RadioGroup,
  Slider,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_EXTRACTION, RANGES, type ExtractionSettings } from './extractionLogic';

const k = 'technical.extraction.settings';

/** Extraction settings: by frame rate or by count, maximum frames and JPEG quality. */
export function ExtractionSettingsDialog({
  onStart,
  onClose,
}: {
  readonly onStart: (settings: ExtractionSettings) => void;
  readonly onClose: () => void;
}) {
  const { t } = useTranslation();
  const [settings, setSettings] = useState<ExtractionSettings>(DEFAULT_EXTRACTION);
  const slider = (field: keyof typeof RANGES, label: string) => (
    <>
      <Typography variant="body2" sx={{ mt: 2 }}>
        {label}: {settings[field]}
      </Typography>
      <Slider
        aria-label={label}
        value={settings[field]}
        min={RANGES[field].min}
        max={RANGES[field].max}
        step={RANGES[field].step}
        marks
        valueLabelDisplay="auto"
        onChange={(_, value: number | number[]) => {
          const chosen = Array.isArray(value) ? (value[0] ?? settings[field]) : value;
          setSettings((current) => ({ ...current, [field]: chosen }));
        }}
      />
    </>
  );
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>{t(`${k}.title`)}</DialogTitle>
      <DialogContent>
        <RadioGroup
          row
          value={settings.method}
          onChange={(event) =>
            setSettings((current) => ({
              ...current,
              method: event.target.value === 'count' ? 'count' : 'fps',
            }))
          }
        >
          <FormControlLabel value="fps" control={<Radio />} label={t(`${k}.byRate`)} />
          <FormControlLabel value="count" control={<Radio />} label={t(`${k}.byCount`)} />
        </RadioGroup>
        {settings.method === 'fps'
          ? slider('fps', t(`${k}.frameRate`))
          : slider('count', t(`${k}.count`))}
        {slider('maxFrames', t(`${k}.maxFrames`))}
        {slider('quality', t(`${k}.quality`))}
        <Typography variant="caption" color="textSecondary">
          {t(`${k}.processing`)}
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t(`${k}.cancel`)}</Button>
        <Button variant="contained" onClick={() => onStart(settings)}>
          {t(`${k}.start`)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
