import {
  Alert,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Grid,
  Typography,
} from '@mui/material';
import type { Prediction } from '@sarm/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../api/client';
import {
  deletePrediction,
  fetchPredictions,
  predictionKeys,
} from '../../../api/technical/predictionsApi';
import { useConfirm, useToast } from '../../../feedback/feedbackContext';
import { PredictionCard } from './PredictionCard';
import { savedListPollInterval } from './predictionLogic';
import { PredictionView } from './PredictionView';

const k = 'technical.prediction';

/** Saved Predictions: cards with View Details (the same summary in a dialog) and delete. */
export function SavedPredictionsTab() {
  const { t } = useTranslation();
  const toast = useToast();
  const confirm = useConfirm();
  const client = useQueryClient();
  const [viewing, setViewing] = useState<string | null>(null);
  const list = useQuery({
    queryKey: predictionKeys.list,
    queryFn: fetchPredictions,
    refetchInterval: (query) => savedListPollInterval(query.state.data?.predictions),
  });
  const remove = async (prediction: Prediction) => {
    await confirm({
      message: t(`${k}.saved.deleteConfirm`),
      onConfirm: async () => {
        try {
          await deletePrediction(prediction.id);
          await client.invalidateQueries({ queryKey: predictionKeys.all });
        } catch (error) {
          toast(t(`${k}.saved.deleteError`, { message: errorMessage(error, '') }), 'error');
        }
      },
    });
  };

  if (list.isPending) return <CircularProgress />;
  if (list.isError)
    return (
      <Alert severity="error">
        {t(`${k}.loadError`, { message: errorMessage(list.error, '') })}
      </Alert>
    );
  const predictions = list.data.predictions;
  return (
    <>
      {predictions.length === 0 ? (
        <Typography color="textSecondary">{t(`${k}.saved.empty`)}</Typography>
      ) : (
        <Grid container spacing={2}>
          {predictions.map((prediction) => (
            <Grid key={prediction.id} size={{ xs: 12, sm: 6, md: 4 }}>
              <PredictionCard
                prediction={prediction}
                onView={() => setViewing(prediction.id)}
                onDelete={() => void remove(prediction)}
              />
            </Grid>
          ))}
        </Grid>
      )}
      {viewing !== null && (
        <Dialog open onClose={() => setViewing(null)} maxWidth="lg" fullWidth>
          <DialogTitle>{t(`${k}.saved.detailsTitle`)}</DialogTitle>
          <DialogContent dividers>
            <PredictionView id={viewing} />
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setViewing(null)}>{t(`${k}.saved.close`)}</Button>
          </DialogActions>
        </Dialog>
      )}
    </>
  );
}
