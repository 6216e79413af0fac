import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { fetchPrediction, predictionKeys } from '../../../api/technical/predictionsApi';
import { predictionPollInterval } from './predictionLogic';

/** A prediction, polled every second while it is queued or running; its end refreshes the saved list. */
export function usePrediction(id: string) {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: predictionKeys.one(id),
    queryFn: () => fetchPrediction(id),
    refetchInterval: (current) => predictionPollInterval(current.state.data),
  });
  const status = query.data?.status;
  useEffect(() => {
    if (status === 'completed' || status === 'failed')
      void client.invalidateQueries({ queryKey: predictionKeys.list });
  }, [status, client]);
  return query;
}
