import { Chip, Stack } from '@mui/material';
import type { DataLabelStats } from '@sarm/contracts';
import { useTranslation } from 'react-i18next';
import { normalFormsVerdict } from './labelingLogic';

const k = 'technical.morphology.stats';

/** A morphology label's class counts and its normal forms against the WHO reference (4 %). */
export function MorphologyStatsChips({
  stats,
  size = 'small',
}: {
  readonly stats: DataLabelStats;
  readonly size?: 'small' | 'medium';
}) {
  const { t } = useTranslation();
  const verdict = normalFormsVerdict(
    stats.normal_forms_percent,
    stats.normal_forms_reference_percent,
  );
  const counts = [
    ['normal', stats.normal_count],
    ['head_defect', stats.head_defect_count],
    ['midpiece_defect', stats.midpiece_defect_count],
    ['tail_defect', stats.tail_defect_count],
    ['multiple_defects', stats.multiple_defects_count],
  ] as const;
  return (
    <Stack spacing={1} data-testid="morphology-stats">
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        <Chip size={size} label={t(`${k}.total`, { value: stats.total_items })} />
        {counts.map(([name, count]) => (
          <Chip
            key={name}
            size={size}
            variant="outlined"
            label={t(`${k}.classCount`, {
              name: t(`technical.segmentation.classes.${name}`),
              value: count,
            })}
          />
        ))}
      </Stack>
      <Chip
        size={size}
        sx={{
          alignSelf: 'flex-start',
          height: 'auto',
          '& .MuiChip-label': { whiteSpace: 'normal', py: 0.5 },
        }}
        color={verdict === null ? 'default' : verdict === 'above' ? 'success' : 'warning'}
        label={t(`${k}.normalForms`, {
          value:
            stats.normal_forms_percent === null
              ? '–'
              : `${stats.normal_forms_percent.toFixed(1)} %`,
          reference: stats.normal_forms_reference_percent,
          verdict:
            verdict === null
              ? t(`${k}.noneClassified`)
              : verdict === 'above'
                ? t(`${k}.withinReference`)
                : t(`${k}.belowReference`),
        })}
      />
    </Stack>
  );
}
