import EditIcon from '@mui/icons-material/Edit';
import { Alert, Button, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/client';
import { useToast } from '../../feedback/feedbackContext';
import { useCan } from '../admin/common/useCan';
import { interpretationNote, type InterpretationView } from './interpretationLogic';
import { useReviseReport } from './useReviseReport';
import type { FormatDate } from './reportVersionsLogic';

/**
 * The interpretation of a stored report: the clinician's text or the WHO suggestion, with an Edit
 * button on the latest version for those who may write reports. Saving makes a new version.
 */
export function InterpretationCard(props: {
  readonly datasetId: string;
  readonly view: InterpretationView;
  /** Only the latest version can be revised. */
  readonly latest: boolean;
  readonly formatDate: FormatDate;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const { view, datasetId } = props;
  const canEdit = useCan(['generate_reports', 'sarm.sign_report']);
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState('');
  // "Use the suggestion" saves null, so the report follows the figures again.
  const [suggestion, setSuggestion] = useState(false);
  const [reason, setReason] = useState('');
  const { revise, amending } = useReviseReport(datasetId, (version) => {
    setEditing(false);
    toast(t('reports.interpretation.savedToast', { version: version.version }), 'success');
  });
  const open = () => {
    setText(view.text);
    setSuggestion(false);
    setReason('');
    revise.reset();
    setEditing(true);
  };
  const save = () =>
    revise.mutate({
      interpretation: suggestion ? null : text.trim(),
      ...(amending ? { reason: reason.trim() } : {}),
    });
  const blank = !suggestion && text.trim() === '';
  return (
    <Card variant="outlined" data-testid="interpretation-card">
      <CardContent>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
          <Typography variant="h6" gutterBottom>
            {t('reports.interpretation.title')}
          </Typography>
          {props.latest && canEdit && !editing && (
            <Button size="small" startIcon={<EditIcon />} onClick={open} className="no-print">
              {t('reports.interpretation.edit')}
            </Button>
          )}
        </Stack>
        {editing ? (
          <Stack spacing={1} className="no-print">
            <TextField
              label={t('reports.interpretation.label')}
              value={text}
              onChange={(event) => {
                setText(event.target.value);
                setSuggestion(false);
              }}
              multiline
              minRows={3}
              fullWidth
              error={blank}
              helperText={blank ? t('reports.interpretation.empty') : undefined}
            />
            {amending && (
              <TextField
                label={t('reports.versions.reason')}
                helperText={t('reports.interpretation.reasonPrompt')}
                value={reason}
                onChange={(event) => setReason(event.target.value)}
                required
                size="small"
                fullWidth
              />
            )}
            {revise.isError && (
              <Alert severity="error">
                {errorMessage(revise.error, t('reports.interpretation.saveFailed'))}
              </Alert>
            )}
            <Stack direction="row" spacing={1}>
              <Button
                variant="contained"
                disabled={revise.isPending || blank || (amending && reason.trim() === '')}
                onClick={save}
              >
                {t('reports.interpretation.save')}
              </Button>
              <Button
                onClick={() => {
                  setText(view.suggestedText);
                  setSuggestion(true);
                }}
              >
                {t('reports.interpretation.useSuggestion')}
              </Button>
              <Button onClick={() => setEditing(false)}>
                {t('reports.interpretation.cancel')}
              </Button>
            </Stack>
          </Stack>
        ) : (
          <>
            <Typography sx={{ whiteSpace: 'pre-wrap' }} data-testid="interpretation-text">
              {view.text}
            </Typography>
            <Typography variant="caption" color="textSecondary">
              {interpretationNote(view, t, props.formatDate)}
            </Typography>
          </>
        )}
        {view.termsChanged && (
          <Alert severity="warning" sx={{ mt: 1 }}>
            {t('reports.interpretation.termsChanged', { terms: view.suggestedTerms })}
          </Alert>
        )}
      </CardContent>
    </Card>
  );
}
