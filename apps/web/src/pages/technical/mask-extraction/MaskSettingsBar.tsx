import { Button, MenuItem, Stack, TextField } from '@mui/material';
import type { DataLabel, SegmentationModel } from '@sarm/contracts';
import { useTranslation } from 'react-i18next';

const k = 'technical.maskExtraction';

/** The segmentation model (with the model it runs as) and the data label, with '+ New'. */
export function MaskSettingsBar({
  models,
  modelId,
  labels,
  labelId,
  labelsLoaded,
  onModel,
  onLabel,
  onNewLabel,
}: {
  readonly models: readonly SegmentationModel[];
  readonly modelId: string | null;
  readonly labels: readonly DataLabel[];
  readonly labelId: string | null;
  readonly labelsLoaded: boolean;
  readonly onModel: (id: string) => void;
  readonly onLabel: (id: string) => void;
  readonly onNewLabel: () => void;
}) {
  const { t } = useTranslation();
  const model = models.find((item) => item.id === modelId);
  const selected = labels.find((label) => label.id === labelId);
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
      <TextField
        select
        size="small"
        label={t(`${k}.model`)}
        value={model === undefined ? '' : model.id}
        onChange={(event) => onModel(event.target.value)}
        helperText={
          model !== undefined && model.runs_as !== model.id
            ? t(`${k}.runsAs`, { model: model.runs_as })
            : ' '
        }
        sx={{ minWidth: 220, flex: 2 }}
      >
        {models.map((item) => (
          <MenuItem key={item.id} value={item.id}>
            {item.name}
          </MenuItem>
        ))}
      </TextField>
      <Stack direction="row" spacing={1} sx={{ flex: 3, minWidth: 280 }}>
        <TextField
          select
          size="small"
          label={t(`${k}.dataLabel`)}
          value={selected === undefined ? '' : selected.id}
          onChange={(event) => onLabel(event.target.value)}
          helperText={
            labelsLoaded && labels.length === 0
              ? t(`${k}.noLabels`)
              : selected === undefined
                ? ' '
                : t(`${k}.labelItems`, { count: selected.item_count })
          }
          sx={{ flex: 1 }}
        >
          {labels.map((label) => (
            <MenuItem key={label.id} value={label.id}>
              {label.name}
            </MenuItem>
          ))}
        </TextField>
        <Button variant="outlined" onClick={onNewLabel} sx={{ height: 40, flexShrink: 0 }}>
          {t(`${k}.newLabel`)}
        </Button>
      </Stack>
    </Stack>
  );
}
