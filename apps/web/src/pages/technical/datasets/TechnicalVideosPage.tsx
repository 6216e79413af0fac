import {
  Alert,
  Box,
  Button,
  Chip,
  LinearProgress,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import type { Video } from '@sarm/contracts';
import { ExtractFramesResponseSchema } from '@sarm/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { apiClient } from '../../../api/apiClient';
import { errorMessage } from '../../../api/client';
import {
  clinicalKeys,
  deleteVideo,
  fetchDataset,
  fetchDatasetVideos,
} from '../../../api/clinicalApi';
import { useConfirm, useToast } from '../../../feedback/feedbackContext';
import { useCan } from '../../admin/common/useCan';
import { PlayerDialog } from '../../clinical/PlayerDialog';
import { ClinicalBreadcrumbs } from '../../clinical/ClinicalBreadcrumbs';
import { UploadDialog } from '../../clinical/UploadDialog';
import { isVideoFile } from '../../clinical/uploadVideo';

const k = 'technical.datasets.videosPage';
/** The finetune quick extract (spec 2 §9): 3 fps, quality 95, at most 60 frames. */
const QUICK_EXTRACT = { method: 'fps', fps: 3, quality: 95, maxFrames: 60 } as const;
const POLL_MS = 10_000;
const POLL_FOR_MS = 5 * 60_000;

/** Videos of a dataset (spec 2 §2.3 Dataset videos): upload, play, extract, open frames, delete. */
export function TechnicalVideosPage() {
  const { t } = useTranslation();
  const { datasetId = '' } = useParams();
  const navigate = useNavigate();
  const client = useQueryClient();
  const toast = useToast();
  const confirm = useConfirm();
  const canUpload = useCan(['upload_technical_videos', 'upload_videos']);
  const canExtract = useCan(['extract_frames']);
  const canDelete = useCan(['create_datasets', 'delete_videos']);
  const input = useRef<HTMLInputElement>(null);
  const [files, setFiles] = useState<File[]>([]);
  const [playing, setPlaying] = useState<Video | null>(null);
  const [pollingSince, setPollingSince] = useState<number | null>(null);
  const dataset = useQuery({
    queryKey: clinicalKeys.dataset(datasetId),
    queryFn: () => fetchDataset(datasetId),
  });
  const videos = useQuery({
    queryKey: clinicalKeys.videos(datasetId),
    queryFn: () => fetchDatasetVideos(datasetId),
    // The list is polled every 10 s after a quick extract, for five minutes at most.
    refetchInterval: () =>
      pollingSince !== null && Date.now() - pollingSince < POLL_FOR_MS ? POLL_MS : false,
  });
  const refresh = () => void client.invalidateQueries({ queryKey: clinicalKeys.videos(datasetId) });

  function choose(list: FileList | null) {
    const chosen = Array.from(list ?? []);
    if (input.current !== null) input.current.value = '';
    if (chosen.length === 0) return toast(t(`${k}.noFiles`), 'error');
    if (!chosen.every(isVideoFile)) return toast(t(`${k}.invalidFiles`), 'error');
    setFiles(chosen);
  }

  async function quickExtract(video: Video) {
    try {
      await apiClient.requestParsed('/technical/frames/extract', ExtractFramesResponseSchema, {
        method: 'POST',
        body: { videoId: video.id, config: QUICK_EXTRACT },
      });
      setPollingSince(Date.now());
      refresh();
    } catch (error) {
      toast(t(`${k}.extractFailed`, { message: errorMessage(error, '') }), 'error');
    }
  }

  function remove(video: Video) {
    void confirm({
      message: t(`${k}.deleteConfirm`, { name: video.name }),
      onConfirm: async () => {
        try {
          await deleteVideo(video.id);
          refresh();
        } catch (error) {
          toast(t(`${k}.deleteFailed`, { message: errorMessage(error, '') }), 'error');
        }
      },
    });
  }

  const framesPath = (video: Video) => `/finetune/frame-extraction?videoId=${video.id}`;
  return (
    <Box>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 2 }}>
        <Box>
          <ClinicalBreadcrumbs
            crumbs={[
              { label: t('technical.datasets.title'), to: '/finetune/datasets' },
              { label: dataset.data?.name ?? '' },
            ]}
          />
          <Typography variant="h4" component="h1">
            {t(`${k}.title`)}
          </Typography>
        </Box>
        {canUpload && (
          <>
            <input
              ref={input}
              type="file"
              accept="video/*"
              multiple
              hidden
              aria-label={t(`${k}.chooseFiles`)}
              onChange={(event) => choose(event.target.files)}
            />
            <Button variant="contained" onClick={() => input.current?.click()}>
              {t(`${k}.upload`)}
            </Button>
          </>
        )}
      </Stack>
      <Typography variant="body2" color="textSecondary" sx={{ mb: 2 }}>
        {t(`${k}.formats`)}
      </Typography>
      {videos.isPending && <LinearProgress />}
      {videos.isError && <Alert severity="error">{t(`${k}.loadFailed`)}</Alert>}
      {videos.data?.length === 0 && (
        <Typography color="textSecondary">{t(`${k}.empty`)}</Typography>
      )}
      {videos.data !== undefined && videos.data.length > 0 && (
        <TableContainer component={Paper}>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t(`${k}.name`)}</TableCell>
                <TableCell>{t(`${k}.status`)}</TableCell>
                <TableCell>{t(`${k}.resolution`)}</TableCell>
                <TableCell align="right">{t(`${k}.duration`)}</TableCell>
                <TableCell align="right">{t(`${k}.frames`)}</TableCell>
                <TableCell align="right">{t(`${k}.actions`)}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {videos.data.map((video) => {
                const busy = video.processingStatus === 'processing';
                return (
                  <TableRow key={video.id} hover>
                    <TableCell>{video.name}</TableCell>
                    <TableCell>
                      <Chip
                        size="small"
                        label={video.processingStatus}
                        color={
                          video.processingStatus === 'failed'
                            ? 'error'
                            : busy
                              ? 'warning'
                              : 'default'
                        }
                      />
                    </TableCell>
                    <TableCell>{video.resolution}</TableCell>
                    <TableCell align="right">
                      {t(`${k}.seconds`, { value: video.duration.toFixed(1) })}
                    </TableCell>
                    <TableCell align="right">{video.extractedFramesCount}</TableCell>
                    <TableCell align="right">
                      <Button size="small" onClick={() => setPlaying(video)}>
                        {t(`${k}.play`)}
                      </Button>
                      {canExtract && video.extractedFramesCount === 0 && (
                        <Button
                          size="small"
                          disabled={busy}
                          onClick={() => void quickExtract(video)}
                        >
                          {t(`${k}.extract`)}
                        </Button>
                      )}
                      {canExtract && video.extractedFramesCount > 0 && (
                        <Button
                          size="small"
                          disabled={busy}
                          onClick={() => void navigate(framesPath(video))}
                        >
                          {t(`${k}.selectFrames`)}
                        </Button>
                      )}
                      {canDelete && (
                        <Button size="small" color="error" onClick={() => remove(video)}>
                          {t(`${k}.delete`)}
                        </Button>
                      )}
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {files.length > 0 && (
        <UploadDialog
          files={files}
          datasetId={datasetId}
          projectId={dataset.data?.projectId ?? ''}
          defaultPatientId={null}
          onClose={() => setFiles([])}
          onUploaded={refresh}
        />
      )}
      {playing !== null && <PlayerDialog video={playing} onClose={() => setPlaying(null)} />}
    </Box>
  );
}
