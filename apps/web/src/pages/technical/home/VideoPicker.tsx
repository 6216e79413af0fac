import { MenuItem, Stack, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { clinicalKeys, fetchAllDatasets, fetchAllVideos } from '../../../api/clinicalApi';

const k = 'technical.home.picker';

/**
 * Dataset and video choice of the workflow's step pages, kept in the address
 * (`?datasetId=&videoId=`) so a step can be linked to and reloaded.
 */
export function useChosenVideo() {
  const [search, setSearch] = useSearchParams();
  const datasetId = search.get('datasetId') ?? '';
  const videoId = search.get('videoId') ?? '';
  const choose = (next: { datasetId: string; videoId: string }) => {
    const params = new URLSearchParams();
    if (next.datasetId !== '') params.set('datasetId', next.datasetId);
    if (next.videoId !== '') params.set('videoId', next.videoId);
    setSearch(params, { replace: true });
  };
  return { datasetId, videoId, choose };
}

export function VideoPicker({ enabled }: { readonly enabled: boolean }) {
  const { t } = useTranslation();
  const { datasetId, videoId, choose } = useChosenVideo();
  const datasets = useQuery({
    queryKey: clinicalKeys.allDatasets,
    queryFn: fetchAllDatasets,
    enabled,
  });
  const videos = useQuery({
    queryKey: clinicalKeys.allVideos(datasetId === '' ? null : datasetId),
    queryFn: () => fetchAllVideos(datasetId === '' ? null : datasetId),
    enabled,
  });
  const videoList = videos.data ?? [];
  // A video from the address that is not in the list (yet) keeps its id as the value.
  const videoKnown = videoList.some((video) => video.id === videoId);
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2 }}>
      <TextField
        select
        size="small"
        label={t(`${k}.dataset`)}
        value={datasetId}
        sx={{ minWidth: 260 }}
        onChange={(event) => choose({ datasetId: event.target.value, videoId: '' })}
      >
        <MenuItem value="">{t(`${k}.allDatasets`)}</MenuItem>
        {(datasets.data?.datasets ?? []).map((dataset) => (
          <MenuItem key={dataset.id} value={dataset.id}>
            {dataset.name} · {dataset.project_name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={t(`${k}.video`)}
        value={videoKnown ? videoId : ''}
        sx={{ minWidth: 320 }}
        disabled={videos.isPending}
        helperText={videos.isSuccess && videoList.length === 0 ? t(`${k}.noVideos`) : undefined}
        onChange={(event) => {
          const video = videoList.find((item) => item.id === event.target.value);
          choose({ datasetId: video?.datasetId ?? datasetId, videoId: event.target.value });
        }}
      >
        <MenuItem value="" disabled>
          {t(`${k}.chooseVideo`)}
        </MenuItem>
        {videoList.map((video) => (
          <MenuItem key={video.id} value={video.id}>
            {t(`${k}.videoLine`, { name: video.name, frames: video.extractedFramesCount })}
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );
}
