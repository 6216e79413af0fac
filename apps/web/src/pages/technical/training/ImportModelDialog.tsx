import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { MODEL_TYPES, NAME_MAX, type ModelType } from '@sarm/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../api/client';
import { importModel, modelKeys, type ModelImportFields } from '../../../api/technical/modelsApi';
import { useToast } from '../../../feedback/feedbackContext';
import {
  emptyImportDraft,
  importFileKind,
  readImportDraft,
  type ImportDraft,
  type ImportProblems,
} from './importModelLogic';

const k = 'technical.training.models.importDialog';
const models = 'technical.training.models';

/** The translated text of a field's problem, if it has one. */
function useProblemText(problems: ImportProblems) {
  const { t } = useTranslation();
  return {
    file: problems.file === 'kind' ? t(`${k}.fileKindProblem`) : undefined,
    name: problems.name === undefined ? undefined : t(`${k}.nameProblem`, { max: NAME_MAX }),
    classes:
      problems.classes === 'tooFew'
        ? t(`${k}.classesTooFew`)
        : problems.classes === 'duplicate'
          ? t(`${k}.classesDuplicate`)
          : problems.classes === 'invalidName'
            ? t(`${k}.classesInvalidName`)
            : undefined,
  };
}

/**
 * Import Model: a SARM model zip (optional name) or an ONNX model (type, optional name and, for
 * morphology, its classes); the server's refusal stays in the dialog so the user can fix it.
 */
export function ImportModelDialog({ onClose }: { readonly onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const client = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [draft, setDraft] = useState<ImportDraft>(emptyImportDraft);
  const upload = useMutation({
    mutationFn: (request: { file: File; fields: ModelImportFields }) => importModel(request),
    onSuccess: async (model) => {
      toast(t(`${models}.imported`, { name: model.name }), 'success');
      onClose();
      await client.invalidateQueries({ queryKey: modelKeys.all });
    },
    onError: (error) =>
      toast(t(`${models}.importError`, { message: errorMessage(error, '') }), 'error'),
  });
  const reading = readImportDraft(draft);
  const problems = reading.ok ? {} : reading.problems;
  const problemText = useProblemText(problems);
  const kind = draft.fileName === null ? null : importFileKind(draft.fileName);
  const busy = upload.isPending;
  const change = (changes: Partial<ImportDraft>) => {
    upload.reset();
    setDraft((current) => ({ ...current, ...changes }));
  };
  const submit = () => {
    if (reading.ok && file !== null) upload.mutate({ file, fields: reading.fields });
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} maxWidth="sm" fullWidth>
      <DialogTitle>{t(`${k}.title`)}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <Typography variant="body2" color="textSecondary">
            {t(`${k}.intro`)}
          </Typography>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <Button variant="outlined" component="label" disabled={busy}>
              {t(`${k}.chooseFile`)}
              <input
                type="file"
                accept=".zip,.onnx,application/zip"
                hidden
                aria-label={t(`${k}.file`)}
                data-testid="model-file-input"
                onChange={(event) => {
                  const chosen = event.target.files?.[0];
                  event.target.value = '';
                  if (chosen === undefined) return;
                  setFile(chosen);
                  change({ fileName: chosen.name });
                }}
              />
            </Button>
            <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>
              {draft.fileName ?? t(`${k}.noFile`)}
            </Typography>
          </Stack>
          {problemText.file !== undefined && (
            <Typography variant="body2" color="error">
              {problemText.file}
            </Typography>
          )}
          {kind !== null && (
            <TextField
              label={t(`${k}.name`)}
              value={draft.name}
              disabled={busy}
              error={problemText.name !== undefined}
              helperText={
                problemText.name ??
                (kind === 'zip' ? t(`${k}.nameHintZip`) : t(`${k}.nameHintOnnx`))
              }
              onChange={(event) => change({ name: event.target.value })}
            />
          )}
          {kind === 'onnx' && (
            <TextField
              select
              required
              label={t(`${k}.type`)}
              value={draft.type}
              disabled={busy}
              onChange={(event) => {
                const type: ModelType | '' =
                  MODEL_TYPES.find((item) => item === event.target.value) ?? '';
                change({ type });
              }}
            >
              {MODEL_TYPES.map((type) => (
                <MenuItem key={type} value={type}>
                  {t(`technical.training.types.${type}`)}
                </MenuItem>
              ))}
            </TextField>
          )}
          {kind === 'onnx' && draft.type === 'morphology' && (
            <TextField
              label={t(`${k}.classes`)}
              value={draft.classes}
              disabled={busy}
              error={problemText.classes !== undefined}
              helperText={problemText.classes ?? t(`${k}.classesHint`)}
              onChange={(event) => change({ classes: event.target.value })}
            />
          )}
          {kind === 'onnx' && draft.type !== '' && (
            <Alert severity="info">
              {draft.type === 'detection' ? t(`${k}.detectionHint`) : t(`${k}.morphologyHint`)}
            </Alert>
          )}
          {upload.isError && (
            <Alert severity="error">
              {t(`${models}.importError`, { message: errorMessage(upload.error, '') })}
            </Alert>
          )}
          {busy && <LinearProgress aria-label={t(`${k}.progress`)} />}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {t(`${k}.cancel`)}
        </Button>
        <Button
          variant="contained"
          disabled={!reading.ok || file === null || busy}
          onClick={submit}
        >
          {busy ? t(`${models}.importing`) : t(`${k}.import`)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
