import { Box, Button, LinearProgress, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clinicalKeys, fetchDatasetVideos } from '../../../api/clinicalApi';
import { useToast } from '../../../feedback/feedbackContext';
import { defaultVideoName, describeUploadError, uploadVideo } from '../../clinical/uploadVideo';
import { checkVideoFile, findUploadedVideo } from './predictionLogic';

const k = 'technical.prediction.upload';

/** Upload new video: a video file into the chosen dataset, with progress; answers the new video's id. */
export function VideoUploadButton({
  datasetId,
  knownVideoIds,
  onUploaded,
}: {
  readonly datasetId: string;
  readonly knownVideoIds: readonly string[];
  readonly onUploaded: (videoId: string) => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const client = useQueryClient();
  const input = useRef<HTMLInputElement | null>(null);
  const [progress, setProgress] = useState<number | null>(null);

  const describe = (error: unknown, file: string) => describeUploadError(t, error, file);

  const upload = async (file: File) => {
    const problem = checkVideoFile(file, datasetId);
    if (problem !== null) return toast(t(`${k}.${problem}`), 'warning');
    setProgress(0);
    try {
      await uploadVideo(
        file,
        {
          datasetId,
          name: defaultVideoName(file.name),
          description: '',
          captureDate: new Date().toISOString().slice(0, 10),
          patientId: null,
          tags: [],
          source: '',
        },
        setProgress,
      );
      const videos = await client.fetchQuery({
        queryKey: clinicalKeys.videos(datasetId),
        queryFn: () => fetchDatasetVideos(datasetId),
        staleTime: 0,
      });
      const added = findUploadedVideo(knownVideoIds, videos);
      toast(t(`${k}.uploaded`, { name: file.name }), 'success');
      if (added !== null) onUploaded(added.id);
    } catch (error) {
      toast(describe(error, file.name), 'error');
    } finally {
      setProgress(null);
    }
  };

  return (
    <Box>
      <input
        ref={input}
        type="file"
        accept="video/*"
        hidden
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file !== undefined) void upload(file);
        }}
      />
      <Button
        variant="outlined"
        disabled={progress !== null}
        onClick={() => input.current?.click()}
      >
        {t(`${k}.button`)}
      </Button>
      {progress !== null && (
        <Box sx={{ mt: 1 }}>
          <LinearProgress variant="determinate" value={progress} />
          <Typography variant="caption">{t(`${k}.progress`, { value: progress })}</Typography>
        </Box>
      )}
    </Box>
  );
}
