import {
  Alert,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
} from '@mui/material';
import type { Video } from '@sarm/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { fetchVideoLink } from '../../api/clinicalApi';

/** Plays a video through a media-token URL (streamed with byte ranges). */
export function PlayerDialog({ video, onClose }: { video: Video; onClose: () => void }) {
  const { t } = useTranslation();
  const link = useQuery({
    queryKey: ['video-link', video.id],
    queryFn: () => fetchVideoLink(video.id),
    staleTime: 30 * 60 * 1000,
  });
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth>
      <DialogTitle>{video.name}</DialogTitle>
      <DialogContent>
        {link.isPending && <CircularProgress />}
        {link.isError && <Alert severity="error">{t('clinical.loadVideoFailed')}</Alert>}
        {link.isSuccess && (
          <video
            src={link.data}
            controls
            autoPlay
            style={{ width: '100%', maxHeight: 600, background: 'black' }}
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('clinical.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
