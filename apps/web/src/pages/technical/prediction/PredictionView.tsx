import { Alert, CircularProgress } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../api/client';
import { PredictionResults } from './PredictionResults';
import { usePrediction } from './usePrediction';

/** Loads (and follows) one prediction and shows it. */
export function PredictionView({ id }: { readonly id: string }) {
  const { t } = useTranslation();
  const prediction = usePrediction(id);
  if (prediction.isPending) return <CircularProgress />;
  if (prediction.isError)
    return (
      <Alert severity="error">
        {t('technical.prediction.loadError', { message: errorMessage(prediction.error, '') })}
      </Alert>
    );
  return <PredictionResults prediction={prediction.data} />;
}
