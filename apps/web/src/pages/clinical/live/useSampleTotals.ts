import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { fetchDatasetVideos } from '../../../api/clinicalApi';
import { analysedAmong, fetchPooled } from './liveApi';
import { computeLiveTotals, type LiveTotals } from './liveTotals';

export const liveKeys = {
  totals: (datasetId: string) => ['sarm', 'live-totals', datasetId] as const,
};

/** The pooled figures and which videos they cover (the ones Finish puts in the report). */
export interface SampleTotals {
  readonly totals: LiveTotals;
  readonly videoIds: readonly string[];
}

/** Polls between fields, in case another screen added or discarded one. */
const POLL_MS = 10_000;

/**
 * The sample's running totals: its videos not discarded that have an analysis, pooled by the
 * server's own calculation (the figures the report will show).
 */
export function useSampleTotals(datasetId: string) {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: liveKeys.totals(datasetId),
    queryFn: async (): Promise<SampleTotals | null> => {
      const videos = await fetchDatasetVideos(datasetId);
      // The calculations take at most 50 videos: the newest (a sample has a handful of fields).
      const kept = videos
        .filter((video) => video.discarded === null)
        .slice(0, 50)
        .map((video) => video.id);
      const analysed = await analysedAmong(kept);
      if (analysed.length === 0) return null;
      const { concentration, motility } = await fetchPooled(analysed);
      return { totals: computeLiveTotals(concentration, motility), videoIds: analysed };
    },
    enabled: datasetId !== '',
    refetchInterval: POLL_MS,
  });
  const refresh = useCallback(
    () => void client.invalidateQueries({ queryKey: liveKeys.totals(datasetId) }),
    [client, datasetId],
  );
  return { ...query, refresh };
}
