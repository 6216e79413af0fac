import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Grid,
  LinearProgress,
  Stack,
  Switch,
  FormControlLabel,
  Tab,
  Tabs,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import {
  DEFAULT_DETECTION_CONFIG,
  ExtractFramesResponseSchema,
  type DetectionConfig,
  type Frame,
} from '@sarm/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { apiClient } from '../../../api/apiClient';
import {
  clinicalKeys,
  fetchAllVideos,
  fetchFrames,
  fetchVideo,
  toggleFrame,
} from '../../../api/clinicalApi';
import { errorMessage } from '../../../api/client';
import { useToast } from '../../../feedback/feedbackContext';
import { useCan } from '../../admin/common/useCan';
import { DetectAllButton } from '../../clinical/DetectAllButton';
import { FrameTile } from '../../clinical/FrameTile';
import { FrameViewDialog } from '../../clinical/FrameViewDialog';
import { isActive, useTaskPolling } from '../../clinical/useExtraction';
import { ExportMenu } from '../annotation/ExportMenu';
import { DetectionConfigDialog } from './DetectionConfigDialog';
import { ExtractionSettingsDialog } from './ExtractionSettingsDialog';
import { FrameOptionsMenu } from './FrameOptionsMenu';
import {
  annotateFramePath,
  extractionConfig,
  frameStatistics,
  INITIAL_FRAMES,
  LOAD_MORE_FRAMES,
  type ExtractionSettings,
} from './extractionLogic';

const k = 'technical.extraction';
type TabKey = 'all' | 'selected' | 'statistics';

/**
 * Frame extraction of a video (spec 2 §2.3): extract with chosen settings and follow the task,
 * run detection on the frames, select frames, write notes, and open a frame for annotation.
 */
export function FrameExtractionPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const client = useQueryClient();
  const [search] = useSearchParams();
  const videoId = search.get('videoId') ?? '';
  const canExtract = useCan(['extract_frames']);
  const canAnnotate = useCan(['annotate_detection']);
  const [limit, setLimit] = useState(INITIAL_FRAMES);
  const [tab, setTab] = useState<TabKey>('all');
  const [layout, setLayout] = useState<'grid' | 'detail'>('grid');
  const [selectedOnly, setSelectedOnly] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [viewing, setViewing] = useState<Frame | null>(null);
  const [taskId, setTaskId] = useState<string | null>(null);
  const [detectionConfig, setDetectionConfig] = useState<DetectionConfig>(DEFAULT_DETECTION_CONFIG);
  const [configOpen, setConfigOpen] = useState(false);

  const video = useQuery({
    queryKey: clinicalKeys.video(videoId),
    queryFn: () => fetchVideo(videoId),
    enabled: canExtract && videoId !== '',
  });
  const framesKey = clinicalKeys.frames(videoId, limit);
  const frames = useQuery({
    queryKey: framesKey,
    queryFn: () => fetchFrames(videoId, limit),
    enabled: canExtract && videoId !== '',
  });
  const allVideos = useQuery({
    queryKey: clinicalKeys.allVideos(null),
    queryFn: () => fetchAllVideos(null),
    enabled: canExtract && videoId === '',
  });
  const task = useTaskPolling(taskId, [['sarm', 'frames', videoId], clinicalKeys.video(videoId)]);

  if (!canExtract) return <Alert severity="warning">{t(`${k}.noPermission`)}</Alert>;
  if (videoId === '')
    return (
      <Box>
        <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
          {t(`${k}.title`)}
        </Typography>
        <Alert
          severity="info"
          sx={{ mb: 2 }}
          action={
            <Button component={RouterLink} to="/finetune/datasets">
              {t(`${k}.goToDatasets`)}
            </Button>
          }
        >
          {t(`${k}.noVideo`)}
        </Alert>
        <Stack spacing={1}>
          {(allVideos.data ?? []).map((video) => (
            <Card key={video.id} variant="outlined">
              <CardContent
                sx={{
                  display: 'flex',
                  alignItems: 'center',
                  gap: 2,
                  py: 1,
                  '&:last-child': { pb: 1 },
                }}
              >
                <Typography sx={{ flexGrow: 1 }}>{video.name}</Typography>
                <Typography variant="body2" color="textSecondary">
                  {t(`${k}.videoLine`, { frames: video.extractedFramesCount })}
                </Typography>
                <Button
                  size="small"
                  component={RouterLink}
                  to={`/finetune/frame-extraction?videoId=${video.id}`}
                >
                  {t(`${k}.openVideo`)}
                </Button>
              </CardContent>
            </Card>
          ))}
        </Stack>
      </Box>
    );
  if (video.isError) return <Alert severity="error">{t(`${k}.videoNotFound`)}</Alert>;

  async function extract(settings: ExtractionSettings) {
    setSettingsOpen(false);
    try {
      const answer = await apiClient.requestParsed(
        '/sarm/frame/extract-frame',
        ExtractFramesResponseSchema,
        { method: 'POST', body: { videoId, config: extractionConfig(settings) } },
      );
      setTaskId(answer.task_id);
    } catch (error) {
      toast(t(`${k}.extractFailed`, { message: errorMessage(error, '') }), 'error');
    }
  }

  async function toggle(frame: Frame) {
    try {
      await toggleFrame(frame.id, !frame.selected);
      await client.invalidateQueries({ queryKey: ['sarm', 'frames', videoId] });
    } catch {
      toast(t(`${k}.selectFailed`), 'error');
    }
  }

  const all = frames.data?.frames ?? [];
  const total = frames.data?.total ?? 0;
  const shown = tab === 'selected' || selectedOnly ? all.filter((frame) => frame.selected) : all;
  const stats = frameStatistics(all);
  const datasetId = video.data?.datasetId ?? '';
  const extracting = isActive(task);

  return (
    <Box>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 2 }}>
        <Box>
          <Typography variant="h4" component="h1">
            {t(`${k}.title`)}
          </Typography>
          <Typography variant="body2" color="textSecondary">
            {video.data?.name ?? ''}
          </Typography>
        </Box>
        <Stack direction="row" spacing={1}>
          {datasetId !== '' && (
            <Button
              variant="outlined"
              component={RouterLink}
              to={`/finetune/datasets/${datasetId}/videos`}
            >
              {t(`${k}.backToVideos`)}
            </Button>
          )}
          {all.length > 0 && <ExportMenu target={{ kind: 'video', id: videoId }} />}
          <Button variant="contained" disabled={extracting} onClick={() => setSettingsOpen(true)}>
            {t(`${k}.extract`)}
          </Button>
        </Stack>
      </Stack>
      {task !== undefined && (extracting || task.status === 'failed') && (
        <Box sx={{ mb: 2 }}>
          {extracting && <LinearProgress variant="determinate" value={task.progress} />}
          <Typography variant="body2" color={task.status === 'failed' ? 'error' : 'textSecondary'}>
            {task.status === 'failed'
              ? t(`${k}.extractFailed`, { message: task.error ?? '' })
              : (task.message ?? t(`${k}.queued`))}
          </Typography>
        </Box>
      )}
      {canAnnotate && all.length > 0 && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          <DetectAllButton
            frameIds={all.map((frame) => frame.id)}
            refreshKey={['sarm', 'frames', videoId]}
            confirmMessage={t(`${k}.detectConfirm`, { count: all.length })}
            config={detectionConfig}
          />
          <Button onClick={() => setConfigOpen(true)}>
            {t(`${k}.detection.open`, {
              value: detectionConfig.confidence_threshold.toFixed(2),
            })}
          </Button>
        </Stack>
      )}
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 2 }}>
        <Tabs value={tab} onChange={(_, value: TabKey) => setTab(value)}>
          <Tab value="all" label={t(`${k}.tabs.all`, { count: total })} />
          <Tab value="selected" label={t(`${k}.tabs.selected`, { count: stats.selected })} />
          <Tab value="statistics" label={t(`${k}.tabs.statistics`)} />
        </Tabs>
        {tab !== 'statistics' && (
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            {tab === 'all' && (
              <FormControlLabel
                control={
                  <Switch
                    checked={selectedOnly}
                    onChange={(event) => setSelectedOnly(event.target.checked)}
                  />
                }
                label={t(`${k}.selectedOnly`)}
              />
            )}
            <ToggleButtonGroup
              size="small"
              exclusive
              value={layout}
              onChange={(_, value: 'grid' | 'detail' | null) => value !== null && setLayout(value)}
            >
              <ToggleButton value="grid">{t(`${k}.grid`)}</ToggleButton>
              <ToggleButton value="detail">{t(`${k}.detail`)}</ToggleButton>
            </ToggleButtonGroup>
          </Stack>
        )}
      </Stack>
      {frames.isPending && <LinearProgress />}
      {tab === 'statistics' ? (
        <Grid container spacing={2}>
          {(
            [
              ['total', total],
              ['selected', stats.selected],
              ['withDetections', stats.withDetections],
              ['withoutDetections', stats.withoutDetections],
              ['detections', stats.detections],
              ['meanPerFrame', stats.meanPerFrame.toFixed(1)],
            ] as const
          ).map(([key, value]) => (
            <Grid key={key} size={{ xs: 6, md: 4 }}>
              <Card variant="outlined">
                <CardContent>
                  <Typography variant="h5">{value}</Typography>
                  <Typography variant="body2" color="textSecondary">
                    {t(`${k}.stats.${key}`)}
                  </Typography>
                </CardContent>
              </Card>
            </Grid>
          ))}
        </Grid>
      ) : shown.length === 0 && !frames.isPending ? (
        <Typography color="textSecondary">
          {tab === 'selected' ? t(`${k}.noneSelected`) : t(`${k}.noFrames`)}
        </Typography>
      ) : layout === 'grid' ? (
        <Grid container spacing={1.5}>
          {shown.map((frame) => (
            <Grid key={frame.id} size={{ xs: 6, sm: 4, md: 3, lg: 2 }}>
              <FrameTile
                frame={frame}
                onToggle={(f) => void toggle(f)}
                detectionPath={annotateFramePath(frame, datasetId)}
                actionLabel={t(`${k}.annotate`)}
              />
              <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
                <Button size="small" onClick={() => setViewing(frame)}>
                  {t(`${k}.note`)}
                </Button>
                <FrameOptionsMenu
                  frame={frame}
                  datasetId={datasetId}
                  config={detectionConfig}
                  canAnnotate={canAnnotate}
                />
              </Stack>
            </Grid>
          ))}
        </Grid>
      ) : (
        <Stack spacing={1}>
          {shown.map((frame) => (
            <Card key={frame.id} variant="outlined">
              <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'center', py: 1 }}>
                <Typography sx={{ minWidth: 160 }}>
                  {t(`${k}.frameLine`, {
                    number: frame.frameNumber,
                    seconds: frame.timeOffset.toFixed(2),
                  })}
                </Typography>
                <Typography sx={{ minWidth: 140 }} color="textSecondary">
                  {t(`${k}.detectionsLine`, { count: frame.detectionCount })}
                </Typography>
                <Typography sx={{ flexGrow: 1 }} noWrap color="textSecondary">
                  {frame.note}
                </Typography>
                <Button size="small" onClick={() => void toggle(frame)}>
                  {frame.selected ? t(`${k}.unselect`) : t(`${k}.select`)}
                </Button>
                <Button size="small" onClick={() => setViewing(frame)}>
                  {t(`${k}.note`)}
                </Button>
                <FrameOptionsMenu
                  frame={frame}
                  datasetId={datasetId}
                  config={detectionConfig}
                  canAnnotate={canAnnotate}
                />
              </CardContent>
            </Card>
          ))}
        </Stack>
      )}
      {tab !== 'statistics' && all.length < total && (
        <Button sx={{ mt: 2 }} onClick={() => setLimit((current) => current + LOAD_MORE_FRAMES)}>
          {t(`${k}.loadMore`)}
        </Button>
      )}
      {settingsOpen && (
        <ExtractionSettingsDialog
          onStart={(settings) => void extract(settings)}
          onClose={() => setSettingsOpen(false)}
        />
      )}
      {configOpen && (
        <DetectionConfigDialog
          config={detectionConfig}
          onClose={() => setConfigOpen(false)}
          onSave={(config) => {
            setDetectionConfig(config);
            setConfigOpen(false);
          }}
        />
      )}
      {viewing !== null && <FrameViewDialog frame={viewing} onClose={() => setViewing(null)} />}
    </Box>
  );
}
