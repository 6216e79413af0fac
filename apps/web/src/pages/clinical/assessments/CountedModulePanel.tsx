import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  Chip,
  FormControlLabel,
  MenuItem,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { assessmentFigures, type AssessmentRecord, type CountedModule } from '@sarm/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { assessmentKeys, recordAssessment } from '../../../api/assessmentsApi';
import { errorMessage } from '../../../api/client';
import { firstDisagreement, formatDifference } from './benchLogic';
import { CounterBoard } from './CounterBoard';
import { counterAssessmentInput } from './counterInput';
import { browserKeyStorage, loadKeyMap, saveKeyMap, type CounterKeyMap } from './counterKeys';
import { KeyMapDialog } from './KeyMapDialog';
import { COUNTED_METHODS, METHOD_KEYS, MODULE_KEYS, measureKey } from './labelKeys';
import { SavedResult } from './SavedResult';
import { isDone, type CounterState } from './tallyCounter';
import { useTallyCounter } from './useTallyCounter';

type Agreement = ReturnType<typeof assessmentFigures>['agreement'][number];

function AgreementLines(props: {
  readonly module: CountedModule;
  readonly agreement: Agreement[];
}) {
  const { t } = useTranslation();
  const agree = props.agreement.every((a) => a.agree);
  return (
    <Box data-testid={`counter-agreement-${props.module}`} data-agree={agree}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5 }}>
        <Typography variant="subtitle2">{t('assessments.agreement.title')}</Typography>
        <Chip
          size="small"
          color={agree ? 'success' : 'warning'}
          label={agree ? t('assessments.agreement.agree') : t('assessments.agreement.differ')}
        />
      </Stack>
      {props.agreement.map((a) => {
        const key = measureKey(a.measure);
        return (
          <Typography
            key={a.measure}
            variant="body2"
            color={a.agree ? 'text.primary' : 'warning.main'}
          >
            {t('assessments.agreement.line', {
              measure: key === null ? a.measure : t(key),
              difference: formatDifference(a.difference),
              acceptable: formatDifference(a.acceptableDifference),
            })}
          </Typography>
        );
      })}
    </Box>
  );
}

/** Both replicates counted: their agreement and Save; a disagreeing saved pair asks for a recount. */
function SaveArea(props: {
  readonly datasetId: string;
  readonly state: CounterState;
  readonly method: string;
  readonly onAccepted: (record: AssessmentRecord) => void;
  readonly onRecount: () => void;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [rejected, setRejected] = useState<AssessmentRecord | null>(null);
  const input = counterAssessmentInput(props.state, props.method);
  const save = useMutation({
    mutationFn: () =>
      input === null
        ? Promise.reject(new Error('nothing counted'))
        : recordAssessment(props.datasetId, input),
    onSuccess: (record) => {
      void client.invalidateQueries({ queryKey: assessmentKeys.sample(props.datasetId) });
      if (record.accepted) props.onAccepted(record);
      else setRejected(record);
    },
  });
  const module = props.state.module;
  if (input === null || !isDone(props.state)) return null;
  const disagreement = rejected === null ? null : firstDisagreement(rejected.figures);
  return (
    <Stack spacing={1.5}>
      <AgreementLines module={module} agreement={assessmentFigures(input).agreement} />
      {rejected !== null ? (
        <Alert
          severity="warning"
          data-testid={`assessment-disagree-${module}`}
          action={
            <Button
              color="inherit"
              onClick={() => {
                setRejected(null);
                props.onRecount();
              }}
              data-testid={`assessment-recount-${module}`}
            >
              {t('assessments.agreement.recount')}
            </Button>
          }
        >
          {t('assessments.agreement.disagree', {
            difference: formatDifference(disagreement?.difference ?? 0),
            acceptable: formatDifference(disagreement?.acceptableDifference ?? 0),
          })}
        </Alert>
      ) : (
        <Box>
          <Button
            variant="contained"
            disabled={save.isPending}
            onClick={() => save.mutate()}
            data-testid={`assessment-save-${module}`}
          >
            {save.isPending ? t('assessments.saving') : t('assessments.save')}
          </Button>
        </Box>
      )}
      {save.isError && (
        <Alert severity="error">
          {t('assessments.saveFailed', { message: errorMessage(save.error, save.error.message) })}
        </Alert>
      )}
    </Stack>
  );
}

/**
 * One counted module (vitality, morphology, round cells, MAR): its saved result, and for those
 * who may record, the method and the tally counter in two replicates with Save.
 * `extra` receives the counter's `recordCell` (the morphology images panel records through it).
 */
export function CountedModulePanel(props: {
  readonly module: CountedModule;
  readonly datasetId: string;
  readonly current: AssessmentRecord | undefined;
  readonly canRecord: boolean;
  /** The panel is the one on screen: only then does the keyboard drive its counter. */
  readonly active: boolean;
  readonly extra?: (recordCell: ReturnType<typeof useTallyCounter>['recordCell']) => ReactNode;
}) {
  const { t } = useTranslation();
  const { module } = props;
  const methods = COUNTED_METHODS[module];
  const [method, setMethod] = useState<string>(methods[0] ?? '');
  const [keys, setKeys] = useState<CounterKeyMap>(() => loadKeyMap(module, browserKeyStorage()));
  const [editingKeys, setEditingKeys] = useState(false);
  const [counting, setCounting] = useState(false);
  const [muted, setMuted] = useState(false);
  const [saved, setSaved] = useState<AssessmentRecord | null>(null);
  const counter = useTallyCounter(module, keys, props.active && counting && !editingKeys, muted);

  const start = () => {
    setSaved(null);
    setCounting(true);
  };
  const accepted = (record: AssessmentRecord) => {
    setSaved(record);
    setCounting(false);
    counter.restart();
  };

  return (
    <Card variant="outlined" data-testid={`assessment-panel-${module}`}>
      <CardHeader
        title={t(MODULE_KEYS[module])}
        action={
          props.canRecord && (
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <FormControlLabel
                control={
                  <Switch
                    checked={!muted}
                    onChange={(event) => setMuted(!event.target.checked)}
                    slotProps={{ input: { 'aria-label': t('assessments.counter.sound') } }}
                  />
                }
                label={t('assessments.counter.sound')}
              />
              <Button size="small" onClick={() => setEditingKeys(true)}>
                {t('assessments.counter.keys')}
              </Button>
            </Stack>
          )
        }
      />
      <CardContent>
        <Stack spacing={3}>
          <Box>
            <Typography variant="overline" color="text.secondary">
              {t('assessments.result.title')}
            </Typography>
            {/* The record just saved is the current one: shown at once, before the refetch. */}
            <SavedResult record={saved ?? props.current} />
          </Box>
          {saved !== null && (
            <Alert severity="success" data-testid={`assessment-saved-${module}`}>
              {t('assessments.saved')}
            </Alert>
          )}
          {props.canRecord && (
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
              <TextField
                select
                size="small"
                label={t('assessments.counter.method')}
                value={method}
                onChange={(event) => setMethod(event.target.value)}
                sx={{ minWidth: 260 }}
                slotProps={{ htmlInput: { 'data-testid': `assessment-method-${module}` } }}
              >
                {methods.map((m) => (
                  <MenuItem key={m} value={m}>
                    {t(METHOD_KEYS[m])}
                  </MenuItem>
                ))}
              </TextField>
              {/* Pausing keeps the counts (a look at the slide's label); Start resumes them. */}
              {counting ? (
                <Button variant="outlined" onClick={() => setCounting(false)}>
                  {t('assessments.counter.stop')}
                </Button>
              ) : (
                <Button
                  variant="contained"
                  onClick={start}
                  data-testid={`assessment-start-${module}`}
                >
                  {t('assessments.counter.start')}
                </Button>
              )}
            </Stack>
          )}
          {props.canRecord && counting && (
            <>
              <CounterBoard state={counter.state} method={method} dispatch={counter.dispatch} />
              {props.extra?.(counter.recordCell)}
              <SaveArea
                datasetId={props.datasetId}
                state={counter.state}
                method={method}
                onAccepted={accepted}
                onRecount={counter.restart}
              />
            </>
          )}
        </Stack>
      </CardContent>
      {editingKeys && (
        <KeyMapDialog
          module={module}
          keys={keys}
          onClose={() => setEditingKeys(false)}
          onSave={(chosen) => {
            saveKeyMap(module, chosen, browserKeyStorage());
            setKeys(chosen);
            setEditingKeys(false);
          }}
        />
      )}
    </Card>
  );
}
