import { useState } from 'react';
import {
  Alert,
  Button,
  Card,
  CardContent,
  CardHeader,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SAM_MODEL_IDS, type SamModelId } from '@sarm/contracts';
import { errorMessage } from '../../../api/client';
import {
  SEGMENTATION_MODELS_KEY,
  fetchSegmentationModelList,
  installSamModel,
  uninstallSamModel,
} from '../../../api/segmentationModelsApi';
import { useFeedback } from '../../../feedback/feedbackContext';

const k = 'admin.sys.sam';
const isSamId = (id: string): id is SamModelId => SAM_MODEL_IDS.some((known) => known === id);

/**
 * Segmentation models on System Settings: each SAM id of spec 2 with the model it runs (an
 * imported ONNX pair, or the built-in segmenter), an Install dialog taking the encoder and decoder
 * files with upload progress, and Uninstall.
 */
export function SegmentationModelsCard() {
  const { t } = useTranslation();
  const { addAlert } = useFeedback();
  const client = useQueryClient();
  const models = useQuery({
    queryKey: SEGMENTATION_MODELS_KEY,
    queryFn: fetchSegmentationModelList,
  });
  const [installing, setInstalling] = useState<SamModelId | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: ['technical'] });
  const uninstall = useMutation({
    mutationFn: uninstallSamModel,
    onSuccess: async () => {
      addAlert({ type: 'success', message: t(`${k}.uninstalled`) });
      await Promise.all([
        client.invalidateQueries({ queryKey: SEGMENTATION_MODELS_KEY }),
        refresh(),
      ]);
    },
    onError: (error) => addAlert({ type: 'error', message: errorMessage(error, '') }),
  });
  const sam = (models.data?.models ?? []).filter((model) => isSamId(model.id));

  return (
    <Card>
      <CardHeader
        title={t(`${k}.title`)}
        slotProps={{ title: { variant: 'h6', component: 'h2' } }}
      />
      <CardContent>
        <Typography variant="body2" color="textSecondary" sx={{ mb: 2 }}>
          {t(`${k}.intro`)}
        </Typography>
        {models.isError && <Alert severity="error">{t(`${k}.loadFailed`)}</Alert>}
        {models.isPending && <LinearProgress />}
        {sam.length > 0 && (
          <Table size="small" aria-label={t(`${k}.title`)}>
            <TableHead>
              <TableRow>
                <TableCell>{t(`${k}.id`)}</TableCell>
                <TableCell>{t(`${k}.runs`)}</TableCell>
                <TableCell align="right">{t(`${k}.actions`)}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {sam.map((model) => (
                <TableRow key={model.id}>
                  <TableCell>{model.id}</TableCell>
                  <TableCell>
                    {model.installed ? (
                      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                        <Chip size="small" color="success" label={t(`${k}.installed`)} />
                        <span>{model.name}</span>
                      </Stack>
                    ) : (
                      <Chip
                        size="small"
                        variant="outlined"
                        label={t(`${k}.builtin`, { id: model.runs_as })}
                      />
                    )}
                  </TableCell>
                  <TableCell align="right">
                    <Button
                      size="small"
                      onClick={() => isSamId(model.id) && setInstalling(model.id)}
                    >
                      {model.installed ? t(`${k}.replace`) : t(`${k}.install`)}
                    </Button>
                    {model.installed && (
                      <Button
                        size="small"
                        color="error"
                        disabled={uninstall.isPending}
                        onClick={() => isSamId(model.id) && uninstall.mutate(model.id)}
                      >
                        {t(`${k}.uninstall`)}
                      </Button>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
      <InstallDialog
        modelId={installing}
        onClose={() => setInstalling(null)}
        onInstalled={async () => {
          setInstalling(null);
          addAlert({ type: 'success', message: t(`${k}.installedToast`) });
          await Promise.all([
            client.invalidateQueries({ queryKey: SEGMENTATION_MODELS_KEY }),
            refresh(),
          ]);
        }}
      />
    </Card>
  );
}

function InstallDialog(props: {
  readonly modelId: SamModelId | null;
  readonly onClose: () => void;
  readonly onInstalled: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [encoder, setEncoder] = useState<File | null>(null);
  const [decoder, setDecoder] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setName('');
    setEncoder(null);
    setDecoder(null);
    setProgress(null);
    setError(null);
    props.onClose();
  };
  const submit = async () => {
    if (props.modelId === null || encoder === null || decoder === null) return;
    setError(null);
    setProgress(0);
    try {
      await installSamModel({ modelId: props.modelId, name, encoder, decoder }, setProgress);
      setName('');
      setEncoder(null);
      setDecoder(null);
      setProgress(null);
      await props.onInstalled();
    } catch (failure) {
      setProgress(null);
      setError(failure instanceof Error ? failure.message : String(failure));
    }
  };
  const fileField = (
    label: string,
    file: File | null,
    onFile: (file: File | null) => void,
    testId: string,
  ) => (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
      <Button component="label" variant="outlined">
        {label}
        <input
          hidden
          type="file"
          accept=".onnx"
          data-testid={testId}
          onChange={(event) => onFile(event.target.files?.[0] ?? null)}
        />
      </Button>
      <Typography variant="body2" color="textSecondary">
        {file === null ? t(`${k}.noFile`) : file.name}
      </Typography>
    </Stack>
  );

  return (
    <Dialog open={props.modelId !== null} onClose={close} fullWidth maxWidth="sm">
      <DialogTitle>{t(`${k}.dialogTitle`, { id: props.modelId ?? '' })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography variant="body2">{t(`${k}.dialogHelp`)}</Typography>
          <TextField
            label={t(`${k}.name`)}
            value={name}
            onChange={(event) => setName(event.target.value)}
            slotProps={{ htmlInput: { maxLength: 200 } }}
          />
          {fileField(t(`${k}.encoder`), encoder, setEncoder, 'sam-encoder-input')}
          {fileField(t(`${k}.decoder`), decoder, setDecoder, 'sam-decoder-input')}
          {progress !== null && (
            <Stack spacing={0.5}>
              <LinearProgress variant="determinate" value={progress} />
              <Typography variant="caption">
                {t(`${k}.uploading`, { percent: progress })}
              </Typography>
            </Stack>
          )}
          {error !== null && <Alert severity="error">{error}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{t(`${k}.cancel`)}</Button>
        <Button
          variant="contained"
          disabled={encoder === null || decoder === null || progress !== null}
          onClick={() => void submit()}
        >
          {t(`${k}.installButton`)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
