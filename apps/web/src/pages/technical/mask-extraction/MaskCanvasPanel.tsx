import {
  Box,
  Button,
  Chip,
  Paper,
  Stack,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { type Crop, type MaskPoint, type MaskResult, type MorphologyClass } from '@sarm/contracts';
import { useTranslation } from 'react-i18next';
import { CropPromptView } from '../segmentation/CropPromptView';
import { maskSummary } from './maskExtractionLogic';
import { MorphologyClassSelect } from '../segmentation/MorphologyClassSelect';

const k = 'technical.maskExtraction';

/**
 * The chosen crop with its prompt points (Add = foreground, Remove = background), undo and
 * clear, Generate Mask with the mask's confidence and quality, the class, and Add to Dataset.
 */
export function MaskCanvasPanel({
  crop,
  points,
  mode,
  result,
  morphologyClass,
  generating,
  adding,
  canAdd,
  onMode,
  onAddPoint,
  onUndo,
  onClear,
  onGenerate,
  onClass,
  onAdd,
}: {
  readonly crop: Crop;
  readonly points: readonly MaskPoint[];
  readonly mode: 0 | 1;
  readonly result: MaskResult | null;
  readonly morphologyClass: MorphologyClass;
  readonly generating: boolean;
  readonly adding: boolean;
  readonly canAdd: boolean;
  readonly onMode: (mode: 0 | 1) => void;
  readonly onAddPoint: (point: MaskPoint) => void;
  readonly onUndo: () => void;
  readonly onClear: () => void;
  readonly onGenerate: () => void;
  readonly onClass: (value: MorphologyClass) => void;
  readonly onAdd: () => void;
}) {
  const { t } = useTranslation();
  const summary = result === null ? null : maskSummary(result.confidence);
  return (
    <Stack direction={{ xs: 'column', lg: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
      <CropPromptView
        key={crop.id}
        cropUrl={crop.crop_url}
        maskUrl={result?.mask_url ?? null}
        crop={crop}
        points={points}
        mode={mode}
        onAddPoint={onAddPoint}
      />
      <Paper variant="outlined" sx={{ p: 2, flexGrow: 1, minWidth: 240, alignSelf: 'stretch' }}>
        <Stack spacing={1.5}>
          <ToggleButtonGroup
            exclusive
            size="small"
            aria-label={t(`${k}.pointMode`)}
            value={mode}
            onChange={(_, value: 0 | 1 | null) => value !== null && onMode(value)}
          >
            <ToggleButton value={1} color="success">
              {t(`${k}.add`)}
            </ToggleButton>
            <ToggleButton value={0} color="error">
              {t(`${k}.remove`)}
            </ToggleButton>
          </ToggleButtonGroup>
          <Typography variant="body2">
            {t(`${k}.pointCount`, {
              foreground: points.filter((point) => point.label === 1).length,
              background: points.filter((point) => point.label === 0).length,
            })}
          </Typography>
          <Stack direction="row" spacing={1}>
            <Button size="small" disabled={points.length === 0} onClick={onUndo}>
              {t(`${k}.undo`)}
            </Button>
            <Button size="small" disabled={points.length === 0} onClick={onClear}>
              {t(`${k}.clear`)}
            </Button>
          </Stack>
          <Button variant="contained" disabled={generating} onClick={onGenerate}>
            {generating ? t(`${k}.generating`) : t(`${k}.generate`)}
          </Button>
          {summary !== null && (
            <Stack
              direction="row"
              spacing={1}
              useFlexGap
              data-testid="mask-result"
              sx={{ flexWrap: 'wrap' }}
            >
              <Chip
                size="small"
                color={
                  summary.band === 'High'
                    ? 'success'
                    : summary.band === 'Medium'
                      ? 'primary'
                      : 'warning'
                }
                label={t(`${k}.confidence`, {
                  value: summary.percent,
                  band: t(`${k}.bands.${summary.band}`),
                })}
              />
              <Chip
                size="small"
                variant="outlined"
                color={summary.quality === 'Good' ? 'success' : 'warning'}
                label={t(`${k}.quality.${summary.quality}`)}
              />
            </Stack>
          )}
          <MorphologyClassSelect
            label={t(`${k}.class`)}
            value={morphologyClass}
            onChange={onClass}
          />
          <Box>
            <Button fullWidth variant="outlined" disabled={adding || !canAdd} onClick={onAdd}>
              {adding ? t(`${k}.adding`) : t(`${k}.addToDataset`)}
            </Button>
          </Box>
        </Stack>
      </Paper>
    </Stack>
  );
}
