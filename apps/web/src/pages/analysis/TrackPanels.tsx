import { Paper, Typography } from '@mui/material';
import type { StoredVideoAnalysis, VideoAnalysisResponse } from '@sarm/contracts';
import { useTranslation } from 'react-i18next';
import { TrackOverlayPlayer } from './TrackOverlayPlayer';
import { TrackTable } from './TrackTable';

/** The video with its tracks drawn over it and the track table, sharing one selected track. */
export function TrackPanels({
  analysis,
  video,
  selectedId,
  onSelect,
}: {
  readonly analysis: StoredVideoAnalysis;
  readonly video: VideoAnalysisResponse['video'];
  readonly selectedId: number | null;
  readonly onSelect: (id: number | null) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <TrackOverlayPlayer
          video={video}
          tracks={analysis.tracks}
          selectedId={selectedId}
          onSelect={onSelect}
        />
      </Paper>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="h6" gutterBottom>
          {t('videoAnalysis.table.title')}
        </Typography>
        <TrackTable tracks={analysis.tracks} selectedId={selectedId} onSelect={onSelect} />
      </Paper>
    </>
  );
}
