import { Button, Stack } from '@mui/material';
import type { Prediction } from '@sarm/contracts';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../api/client';
import { saveBlob } from '../../../api/technical/modelsApi';
import {
  exportPrediction,
  preAnnotate,
  type PredictionExportFormat,
} from '../../../api/technical/predictionsApi';
import { useToast } from '../../../feedback/feedbackContext';
import { downloadName } from '../training/trainingLogic';
import { predictionExportFallback } from './predictionLogic';

const k = 'technical.prediction.actions';
const FORMATS: readonly PredictionExportFormat[] = ['mot', 'coco'];

/** Export as MOT or COCO, and turn a detection prediction into pre-annotations. */
export function PredictionActions({ prediction }: { readonly prediction: Prediction }) {
  const { t } = useTranslation();
  const toast = useToast();
  const exporting = useMutation({
    mutationFn: async (format: PredictionExportFormat) => {
      const file = await exportPrediction(prediction.id, format);
      saveBlob(
        file.blob,
        downloadName(file.disposition, predictionExportFallback(prediction.id, format)),
      );
    },
    onError: (error) => toast(t(`${k}.exportError`, { message: errorMessage(error, '') }), 'error'),
  });
  const annotating = useMutation({
    mutationFn: () => preAnnotate(prediction.id),
    onSuccess: (answer) =>
      toast(
        t(`${k}.preAnnotated`, { detections: answer.detections, frames: answer.frames }),
        'success',
      ),
    onError: (error) =>
      toast(t(`${k}.preAnnotateError`, { message: errorMessage(error, '') }), 'error'),
  });
  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
      {FORMATS.map((format) => (
        <Button
          key={format}
          variant="outlined"
          disabled={exporting.isPending}
          onClick={() => exporting.mutate(format)}
        >
          {t(`${k}.export.${format}`)}
        </Button>
      ))}
      {prediction.model_type === 'detection' && (
        <Button
          variant="contained"
          disabled={annotating.isPending}
          onClick={() => annotating.mutate()}
        >
          {annotating.isPending ? t(`${k}.preAnnotating`) : t(`${k}.preAnnotate`)}
        </Button>
      )}
    </Stack>
  );
}
