import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import {
  AGGLUTINATION_GRADES,
  AGGLUTINATION_TYPES,
  PELLET_FINDINGS,
  type AssessmentInput,
  type AssessmentRecord,
  type PelletFinding,
} from '@sarm/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { assessmentKeys, recordAssessment } from '../../../api/assessmentsApi';
import { errorMessage } from '../../../api/client';
import {
  agglutinationInput,
  commentsInput,
  type AgglutinationGrade,
  type AgglutinationType,
} from './benchLogic';
import { GRADE_KEYS, MODULE_KEYS, PELLET_KEYS, TYPE_KEYS } from './labelKeys';
import { SavedResult } from './SavedResult';

function useSaveAssessment(datasetId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: AssessmentInput) => recordAssessment(datasetId, input),
    onSuccess: () => void client.invalidateQueries({ queryKey: assessmentKeys.sample(datasetId) }),
  });
}

function EnteredPanel(props: {
  readonly module: 'agglutination' | 'comments';
  readonly current: AssessmentRecord | undefined;
  readonly canRecord: boolean;
  readonly input: AssessmentInput | null;
  readonly datasetId: string;
  readonly children: ReactNode;
}) {
  const { t } = useTranslation();
  const save = useSaveAssessment(props.datasetId);
  const { input } = props;
  return (
    <Card variant="outlined" data-testid={`assessment-panel-${props.module}`}>
      <CardHeader title={t(MODULE_KEYS[props.module])} />
      <CardContent>
        <Stack spacing={3}>
          <Box>
            <Typography variant="overline" color="text.secondary">
              {t('assessments.result.title')}
            </Typography>
            <SavedResult record={props.current} />
          </Box>
          {props.canRecord && (
            <Stack spacing={2} sx={{ maxWidth: 560 }}>
              {props.children}
              <Box>
                <Button
                  variant="contained"
                  disabled={input === null || save.isPending}
                  onClick={() => input !== null && save.mutate(input)}
                  data-testid={`assessment-save-${props.module}`}
                >
                  {save.isPending ? t('assessments.saving') : t('assessments.save')}
                </Button>
              </Box>
              {save.isSuccess && (
                <Alert severity="success" data-testid={`assessment-saved-${props.module}`}>
                  {t('assessments.saved')}
                </Alert>
              )}
              {save.isError && (
                <Alert severity="error">
                  {t('assessments.saveFailed', {
                    message: errorMessage(save.error, save.error.message),
                  })}
                </Alert>
              )}
            </Stack>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}

const gradeOf = (value: string): AgglutinationGrade =>
  AGGLUTINATION_GRADES.find((grade) => String(grade) === value) ?? 0;
const typeOf = (value: string): AgglutinationType | null =>
  AGGLUTINATION_TYPES.find((type) => type === value) ?? null;
const pelletOf = (value: string): PelletFinding =>
  PELLET_FINDINGS.find((pellet) => pellet === value) ?? 'not_examined';

/** Agglutination: the WHO grade and, when any is seen, the type (parts stuck together). */
export function AgglutinationPanel(props: {
  readonly datasetId: string;
  readonly current: AssessmentRecord | undefined;
  readonly canRecord: boolean;
}) {
  const { t } = useTranslation();
  const [grade, setGrade] = useState<AgglutinationGrade>(0);
  const [type, setType] = useState<AgglutinationType | null>(null);
  const input = agglutinationInput(grade, type);
  return (
    <EnteredPanel module="agglutination" input={input} {...props}>
      <TextField
        select
        size="small"
        label={t('assessments.agglutination.grade')}
        value={String(grade)}
        onChange={(event) => setGrade(gradeOf(event.target.value))}
        slotProps={{ htmlInput: { 'data-testid': 'agglutination-grade' } }}
      >
        {AGGLUTINATION_GRADES.map((g) => (
          <MenuItem key={g} value={String(g)}>
            {t(GRADE_KEYS[g])}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={t('assessments.agglutination.type')}
        value={grade === 0 ? '' : (type ?? '')}
        disabled={grade === 0}
        onChange={(event) => setType(typeOf(event.target.value))}
        helperText={grade !== 0 && type === null ? t('assessments.agglutination.typeNeeded') : ' '}
        slotProps={{ htmlInput: { 'data-testid': 'agglutination-type' } }}
      >
        {AGGLUTINATION_TYPES.map((a) => (
          <MenuItem key={a} value={a}>
            {t(TYPE_KEYS[a])}
          </MenuItem>
        ))}
      </TextField>
    </EnteredPanel>
  );
}

/** Comments: the centrifuged pellet finding (needed before azoospermia) and free text. */
export function CommentsPanel(props: {
  readonly datasetId: string;
  readonly current: AssessmentRecord | undefined;
  readonly canRecord: boolean;
}) {
  const { t } = useTranslation();
  const [pellet, setPellet] = useState<PelletFinding>('not_examined');
  const [notes, setNotes] = useState('');
  return (
    <EnteredPanel module="comments" input={commentsInput(pellet, notes)} {...props}>
      <TextField
        select
        size="small"
        label={t('assessments.comments.pellet')}
        value={pellet}
        onChange={(event) => setPellet(pelletOf(event.target.value))}
        slotProps={{ htmlInput: { 'data-testid': 'comments-pellet' } }}
      >
        {PELLET_FINDINGS.map((finding) => (
          <MenuItem key={finding} value={finding}>
            {t(PELLET_KEYS[finding])}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        multiline
        minRows={3}
        label={t('assessments.comments.notes')}
        value={notes}
        onChange={(event) => setNotes(event.target.value)}
        slotProps={{ htmlInput: { maxLength: 2000, 'data-testid': 'comments-notes' } }}
      />
    </EnteredPanel>
  );
}
