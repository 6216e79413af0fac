import {
  Button,
  Slider,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { LABELING_CLASSES } from '@sarm/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useShortcutKeys } from '../annotation/useShortcutKeys';
import {
  CONFIDENCE_MAX,
  CONFIDENCE_MIN,
  DEFAULT_CONFIDENCE,
  labelingActionFor,
  labelingClassOf,
  type CropClassification,
  type LabelingClass,
} from './labelingLogic';

const k = 'technical.morphology.panel';

/**
 * The classification form (spec 2 §2.3): five class toggles, a confidence slider 1 to 5 (Low to
 * High, default 3), notes, Cancel and Apply (disabled until a class is chosen). Mount it with a
 * key per crop so that it starts from that crop's classification.
 */
export function ClassificationPanel({
  initial,
  applyText,
  busy = false,
  shortcuts = false,
  onApply,
  onCancel,
}: {
  readonly initial: CropClassification | undefined;
  readonly applyText: string;
  readonly busy?: boolean;
  /** Digits 1-5 choose a class and Enter applies (the labeling page; not inside dialogs). */
  readonly shortcuts?: boolean;
  readonly onApply: (classification: CropClassification) => void;
  readonly onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<LabelingClass | null>(
    initial === undefined ? null : labelingClassOf(initial.className),
  );
  const [confidence, setConfidence] = useState(initial?.confidence ?? DEFAULT_CONFIDENCE);
  const [notes, setNotes] = useState(initial?.notes ?? '');
  const apply = () => {
    if (chosen !== null && !busy) onApply({ className: chosen, confidence, notes });
  };
  useShortcutKeys(
    (press) => {
      const action = shortcuts ? labelingActionFor(press) : null;
      return action === 'apply' || typeof action === 'object' ? action : null;
    },
    (action) => (action === 'apply' ? apply() : setChosen(action.chooseClass)),
  );
  return (
    <Stack spacing={2} data-testid="classification-panel">
      <Typography variant="subtitle2">{t(`${k}.class`)}</Typography>
      <ToggleButtonGroup
        exclusive
        orientation="vertical"
        size="small"
        color="primary"
        value={chosen}
        onChange={(_, value: LabelingClass | null) => value !== null && setChosen(value)}
      >
        {LABELING_CLASSES.map((value) => (
          <ToggleButton key={value} value={value} sx={{ justifyContent: 'flex-start' }}>
            {t(`technical.morphology.classes.${value}`)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <Stack>
        <Typography variant="subtitle2" id="classification-confidence">
          {t(`${k}.confidence`, { value: confidence })}
        </Typography>
        <Slider
          aria-labelledby="classification-confidence"
          min={CONFIDENCE_MIN}
          max={CONFIDENCE_MAX}
          step={1}
          marks
          value={confidence}
          onChange={(_, value) => typeof value === 'number' && setConfidence(value)}
        />
        <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
          <Typography variant="caption" color="textSecondary">
            {t(`${k}.low`)}
          </Typography>
          <Typography variant="caption" color="textSecondary">
            {t(`${k}.high`)}
          </Typography>
        </Stack>
      </Stack>
      <TextField
        label={t(`${k}.notes`)}
        placeholder={t(`${k}.notesPlaceholder`)}
        multiline
        minRows={2}
        value={notes}
        onChange={(event) => setNotes(event.target.value)}
      />
      {shortcuts && (
        <Typography variant="caption" color="textSecondary">
          {t(`${k}.keysHint`)}
        </Typography>
      )}
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button onClick={onCancel}>{t(`${k}.cancel`)}</Button>
        <Button variant="contained" disabled={chosen === null || busy} onClick={apply}>
          {applyText}
        </Button>
      </Stack>
    </Stack>
  );
}
