import { Box, Chip, Stack, Typography } from '@mui/material';
import {
  MORPHOLOGY_DEFECTS,
  cellsCounted,
  type AssessmentRecord,
  type CountedPercent,
} from '@sarm/contracts';
import { useTranslation } from 'react-i18next';
import { formatFigure, perHundredSperm, sourceKind } from './benchLogic';
import {
  CATEGORY_KEYS,
  GRADE_KEYS,
  MEASURE_KEYS_BY_MODULE,
  METHOD_KEYS,
  PELLET_KEYS,
  TYPE_KEYS,
} from './labelKeys';

/** A percentage with its 95 % interval, as printed on the bench screens. */
export function PercentText({ figure }: { readonly figure: CountedPercent }) {
  const { t } = useTranslation();
  return (
    <>
      {t('assessments.counter.percentWithCi', {
        percent: formatFigure(figure.percent),
        low: formatFigure(figure.ci95[0]),
        high: formatFigure(figure.ci95[1]),
      })}
    </>
  );
}

function Figures({ record }: { readonly record: AssessmentRecord }) {
  const { t } = useTranslation();
  const { input, figures } = record;
  switch (input.module) {
    case 'vitality':
    case 'morphology':
    case 'mar':
      return (
        <Stack spacing={0.5}>
          {figures.main !== null && (
            <Typography variant="h6" component="p">
              {t(MEASURE_KEYS_BY_MODULE[input.module])}: <PercentText figure={figures.main} />
            </Typography>
          )}
          {input.module === 'morphology' && figures.defects !== null && (
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
              {MORPHOLOGY_DEFECTS.map((defect) => {
                const share = figures.defects?.[defect];
                return share === undefined ? null : (
                  <Chip
                    key={defect}
                    size="small"
                    variant="outlined"
                    label={`${t(CATEGORY_KEYS[defect])} ${formatFigure(share.percent)} %`}
                  />
                );
              })}
              {figures.tzi !== null && (
                <Chip
                  size="small"
                  label={t('assessments.counter.tzi', { value: formatFigure(figures.tzi, 2) })}
                />
              )}
              {figures.sdi !== null && (
                <Chip
                  size="small"
                  label={t('assessments.counter.sdi', { value: formatFigure(figures.sdi, 2) })}
                />
              )}
            </Stack>
          )}
        </Stack>
      );
    case 'round_cells':
      return (
        <Stack spacing={0.5}>
          <Typography>
            {t('assessments.result.roundCells', {
              round: figures.round_cells_counted ?? 0,
              leukocytes: figures.leukocytes_counted ?? 0,
              sperm: figures.sperm_counted ?? 0,
            })}
          </Typography>
          <RoundCellRatios
            round={figures.round_cells_per_sperm}
            leukocytes={figures.leukocytes_per_sperm}
          />
        </Stack>
      );
    case 'agglutination':
      return (
        <Typography variant="h6" component="p">
          {input.type === null
            ? t('assessments.result.noAgglutination')
            : `${t(GRADE_KEYS[input.grade])} · ${t(TYPE_KEYS[input.type])}`}
        </Typography>
      );
    case 'comments':
      return (
        <Typography variant="h6" component="p">
          {t(PELLET_KEYS[input.pellet])}
        </Typography>
      );
  }
}

/** Round cells and peroxidase-positive cells per 100 spermatozoa counted in the same fields. */
export function RoundCellRatios(props: {
  readonly round: number | null;
  readonly leukocytes: number | null;
}) {
  const { t } = useTranslation();
  const round = perHundredSperm(props.round);
  const leukocytes = perHundredSperm(props.leukocytes);
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {round !== null && (
        <Chip
          size="small"
          label={t('assessments.counter.perHundredSperm', {
            cells: t('assessments.measures.round_cells'),
            value: round,
          })}
        />
      )}
      {leukocytes !== null && (
        <Chip
          size="small"
          label={t('assessments.counter.perHundredSperm', {
            cells: t('assessments.measures.leukocytes'),
            value: leukocytes,
          })}
        />
      )}
    </Stack>
  );
}

/**
 * A module's saved result: its figures, cells assessed, method, who counted it and when, and
 * whether a model proposed the classes a person then confirmed.
 */
export function SavedResult({ record }: { readonly record: AssessmentRecord | undefined }) {
  const { t, i18n } = useTranslation();
  if (record === undefined)
    return (
      <Typography color="text.secondary" data-testid="assessment-result-none">
        {t('assessments.result.none')}
      </Typography>
    );
  const cells = cellsCounted(record.input);
  const who = { name: record.countedBy.name };
  const kind = sourceKind(record.source);
  const person =
    kind === 'modelConfirmed'
      ? t('assessments.result.modelConfirmedBy', who)
      : kind === 'entered'
        ? t('assessments.result.enteredBy', who)
        : t('assessments.result.countedBy', who);
  return (
    <Box data-testid={`assessment-result-${record.module}`}>
      <Figures record={record} />
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mt: 1 }}>
        <Chip size="small" variant="outlined" label={t(METHOD_KEYS[record.input.method])} />
        {cells > 0 && (
          <Chip
            size="small"
            variant="outlined"
            label={t('assessments.result.cells', { count: cells })}
          />
        )}
        <Chip
          size="small"
          color={kind === 'modelConfirmed' ? 'secondary' : 'default'}
          label={person}
          data-testid="assessment-result-source"
        />
      </Stack>
      <Typography variant="caption" color="text.secondary">
        {t('assessments.result.when', {
          date: new Date(record.countedAt).toLocaleString(i18n.language),
        })}
      </Typography>
      {record.input.notes !== '' && (
        <Typography variant="body2" sx={{ mt: 0.5, whiteSpace: 'pre-wrap' }}>
          {t('assessments.result.notes', { notes: record.input.notes })}
        </Typography>
      )}
    </Box>
  );
}
