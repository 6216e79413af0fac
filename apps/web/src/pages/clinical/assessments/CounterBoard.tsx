import {
  Alert,
  Box,
  Button,
  ButtonBase,
  Chip,
  Grid,
  LinearProgress,
  Stack,
  Typography,
} from '@mui/material';
import { alpha, keyframes } from '@mui/material/styles';
import { MORPHOLOGY_DEFECTS, assessmentFigures } from '@sarm/contracts';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { counterProgress, finishedReplicates, formatFigure } from './benchLogic';
import { counterAssessmentInput } from './counterInput';
import { COMMIT_KEYS, keyLabel, type CounterCategory } from './counterKeys';
import { CATEGORY_KEYS, headlineKey } from './labelKeys';
import { PercentText, RoundCellRatios } from './SavedResult';
import {
  categoryTally,
  isDone,
  type CounterAction,
  type CounterEvent,
  type CounterState,
} from './tallyCounter';

const flash = keyframes`
  from { opacity: 0.85; }
  to { opacity: 0; }
`;

// On-screen buttons must not keep the focus: a focused button would also take Enter and Space.
const keepFocus = (event: MouseEvent) => event.preventDefault();

function TallyCell(props: {
  readonly module: string;
  readonly category: CounterCategory;
  readonly keyName: string;
  readonly count: number;
  readonly total: number;
  readonly marked: boolean;
  readonly event: CounterEvent;
  readonly disabled: boolean;
  readonly onPress: () => void;
}) {
  const { t } = useTranslation();
  const label = t(CATEGORY_KEYS[props.category]);
  const flashed = props.event.category === props.category && props.event.seq > 0;
  const warning = props.event.type.startsWith('ignored');
  return (
    <ButtonBase
      onMouseDown={keepFocus}
      onClick={props.onPress}
      disabled={props.disabled}
      data-testid={`counter-tally-${props.module}-${props.category}`}
      aria-label={t('assessments.counter.tallyLabel', {
        category: label,
        key: keyLabel(props.keyName),
        count: props.count,
      })}
      aria-pressed={props.marked}
      sx={(theme) => ({
        position: 'relative',
        overflow: 'hidden',
        width: '100%',
        display: 'block',
        textAlign: 'left',
        p: 1.5,
        borderRadius: 1,
        border: `2px solid ${props.marked ? theme.palette.secondary.main : theme.palette.divider}`,
        bgcolor: props.marked ? alpha(theme.palette.secondary.main, 0.12) : 'background.paper',
      })}
    >
      {flashed && (
        <Box
          key={props.event.seq}
          aria-hidden
          sx={(theme) => ({
            position: 'absolute',
            inset: 0,
            bgcolor: warning ? theme.palette.warning.main : theme.palette.primary.main,
            opacity: 0,
            animation: `${flash} 250ms ease-out`,
          })}
        />
      )}
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', position: 'relative' }}>
        <Chip size="small" color="primary" label={keyLabel(props.keyName)} />
        <Typography variant="body2" sx={{ flexGrow: 1 }}>
          {label}
        </Typography>
      </Stack>
      <Typography
        variant="h4"
        component="p"
        sx={{ position: 'relative', fontVariantNumeric: 'tabular-nums' }}
        data-testid={`counter-count-${props.module}-${props.category}`}
      >
        {props.count}
      </Typography>
      <Typography variant="caption" color="text.secondary" sx={{ position: 'relative' }}>
        {t('assessments.counter.total', { n: props.total })}
      </Typography>
    </ButtonBase>
  );
}

/** The figures of the cells counted so far, replicates pooled. */
function LiveFigures({ state, method }: { readonly state: CounterState; readonly method: string }) {
  const { t } = useTranslation();
  const input = counterAssessmentInput(state, method);
  if (input === null) return null;
  const figures = assessmentFigures(input);
  const headline = headlineKey(input.module);
  return (
    <Box data-testid={`counter-live-${state.module}`}>
      <Typography variant="overline" color="text.secondary">
        {t('assessments.counter.live')}
      </Typography>
      {headline !== null && figures.main !== null && (
        <Typography variant="h6" component="p">
          {t(headline)}: <PercentText figure={figures.main} />
        </Typography>
      )}
      {input.module === 'morphology' && (
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
          <Chip
            size="small"
            label={t('assessments.counter.tzi', { value: formatFigure(figures.tzi ?? NaN, 2) })}
          />
          <Chip
            size="small"
            label={t('assessments.counter.sdi', { value: formatFigure(figures.sdi ?? NaN, 2) })}
          />
        </Stack>
      )}
      {input.module === 'round_cells' && (
        <RoundCellRatios
          round={figures.round_cells_per_sperm}
          leukocytes={figures.leukocytes_per_sperm}
        />
      )}
    </Box>
  );
}

/** The pending morphology cell: the defects marked on it and the key that records it. */
function PendingCell(props: { readonly state: CounterState; readonly onCommit: () => void }) {
  const { t } = useTranslation();
  const { pending } = props.state;
  return (
    <Stack
      direction="row"
      spacing={1}
      sx={{ alignItems: 'center' }}
      data-testid="counter-pending-cell"
    >
      <Typography variant="body2">{t('assessments.counter.currentCell')}:</Typography>
      {pending.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('assessments.counter.noDefectMarked')}
        </Typography>
      ) : (
        pending.map((defect) => (
          <Chip key={defect} size="small" color="secondary" label={t(CATEGORY_KEYS[defect])} />
        ))
      )}
      <Button
        size="small"
        variant="outlined"
        onMouseDown={keepFocus}
        onClick={props.onCommit}
        disabled={pending.length === 0 || isDone(props.state)}
        data-testid="counter-commit"
      >
        {t('assessments.counter.commit')} ({COMMIT_KEYS.map(keyLabel).join(' / ')})
      </Button>
    </Stack>
  );
}

/**
 * The counting panel: a tally cell per category with its key, the replicate's progress, the
 * figures so far; keys arrive through the page's keyboard listener, clicks through the cells.
 */
export function CounterBoard(props: {
  readonly state: CounterState;
  readonly method: string;
  readonly dispatch: (action: CounterAction) => void;
}) {
  const { t } = useTranslation();
  const { state, dispatch } = props;
  const progress = counterProgress(state);
  const done = isDone(state);
  const shown = done ? (state.finished.at(-1) ?? []) : state.current;
  const tally = categoryTally(shown);
  const totals = categoryTally([...state.finished.flat(), ...state.current]);
  const module = state.module;
  const press = (category: CounterCategory) => dispatch({ type: 'category', category });
  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">
        {module === 'morphology'
          ? t('assessments.counter.morphologyHint')
          : t('assessments.counter.keyHint')}
      </Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {finishedReplicates(state).map((replicate) => (
          <Chip
            key={replicate.number}
            color="success"
            data-testid={`counter-replicate-done-${module}-${replicate.number}`}
            label={t('assessments.counter.replicateDone', {
              replicate: replicate.number,
              count: replicate.cells,
            })}
          />
        ))}
      </Stack>
      <Box>
        <Typography data-testid={`counter-progress-text-${module}`} sx={{ mb: 0.5 }}>
          {done
            ? t('assessments.counter.allDone')
            : t('assessments.counter.progress', {
                replicate: progress.replicate,
                count: progress.count,
                target: progress.target,
              })}
        </Typography>
        <LinearProgress
          variant="determinate"
          value={progress.percent}
          color={done ? 'success' : 'primary'}
          sx={{ height: 10, borderRadius: 5 }}
          aria-label={t('assessments.counter.progressLabel', { replicate: progress.replicate })}
          data-testid={`counter-progress-${module}`}
          data-count={progress.count}
          data-replicate={progress.replicate}
        />
      </Box>
      <Grid container spacing={1.5}>
        {state.keys.map(({ category, key }) => (
          <Grid key={category} size={{ xs: 6, sm: 4, md: 'grow' }}>
            <TallyCell
              module={module}
              category={category}
              keyName={key}
              count={tally.get(category) ?? 0}
              total={totals.get(category) ?? 0}
              marked={MORPHOLOGY_DEFECTS.some((d) => d === category && state.pending.includes(d))}
              event={state.event}
              disabled={done}
              onPress={() => press(category)}
            />
          </Grid>
        ))}
      </Grid>
      {module === 'morphology' && (
        <PendingCell state={state} onCommit={() => dispatch({ type: 'commit' })} />
      )}
      <Box>
        <Button
          variant="outlined"
          onMouseDown={keepFocus}
          onClick={() => dispatch({ type: 'undo' })}
          data-testid={`counter-undo-${module}`}
        >
          {t('assessments.counter.undo')} ({keyLabel('Backspace')})
        </Button>
      </Box>
      <Box aria-live="polite">
        {state.event.type === 'ignored_done' && (
          <Alert severity="warning" data-testid={`counter-ignored-${module}`}>
            {t('assessments.counter.ignoredDone')}
          </Alert>
        )}
        {state.event.type === 'ignored_pending' && (
          <Alert severity="warning">{t('assessments.counter.ignoredPending')}</Alert>
        )}
      </Box>
      <LiveFigures state={state} method={props.method} />
    </Stack>
  );
}
