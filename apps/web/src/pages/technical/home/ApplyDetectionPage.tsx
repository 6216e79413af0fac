import {
  Alert,
  Box,
  Button,
  Checkbox,
  Chip,
  FormControlLabel,
  LinearProgress,
  Paper,
  Radio,
  RadioGroup,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { DEFAULT_DETECTION_CONFIG, type DetectionConfig, type Frame } from '@sarm/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { clinicalKeys, fetchFrames } from '../../../api/clinicalApi';
import { errorMessage } from '../../../api/client';
import { detectFrame } from '../../../api/technical/detectionRunApi';
import { useToast } from '../../../feedback/feedbackContext';
import { useCan } from '../../admin/common/useCan';
import { DetectAllButton } from '../../clinical/DetectAllButton';
import { DetectionConfigDialog } from '../extraction/DetectionConfigDialog';
import { framesToDetect, MAX_FRAMES_PER_TASK, type FrameScope } from './homeLogic';
import { useChosenVideo, VideoPicker } from './VideoPicker';

const k = 'technical.home.apply';
/** Frames listed on the page (the frame list endpoint's page cap). */
const FRAME_LIMIT = 500;
const SCOPES: readonly FrameScope[] = ['all', 'selected', 'undetected', 'chosen'];

/**
 * Apply Detection (step 3 of the workflow): choose a video and which of its extracted frames,
 * set the detection configuration, and run the engine on them in one task (progress every 2 s) or
 * on a single frame; the table shows each frame's detections as they are stored.
 */
export function ApplyDetectionPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const client = useQueryClient();
  const canDetect = useCan(['annotate_detection']);
  const { datasetId, videoId } = useChosenVideo();
  const [scope, setScope] = useState<FrameScope>('all');
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [config, setConfig] = useState<DetectionConfig>(DEFAULT_DETECTION_CONFIG);
  const [configOpen, setConfigOpen] = useState(false);
  const frames = useQuery({
    queryKey: clinicalKeys.frames(videoId, FRAME_LIMIT),
    queryFn: () => fetchFrames(videoId, FRAME_LIMIT),
    enabled: canDetect && videoId !== '',
  });
  const single = useMutation({
    mutationFn: (frame: Frame) => detectFrame(frame.id, config),
    onSuccess: async (answer) => {
      toast(t(`${k}.singleDone`, { count: answer.detection_count }), 'success');
      await client.invalidateQueries({ queryKey: ['sarm', 'frames', videoId] });
    },
    onError: (error) => toast(t(`${k}.failed`, { message: errorMessage(error, '') }), 'error'),
  });

  if (!canDetect) return <Alert severity="warning">{t(`${k}.noPermission`)}</Alert>;

  const all = frames.data?.frames ?? [];
  const targets = framesToDetect(all, scope, chosen).slice(0, MAX_FRAMES_PER_TASK);
  const resultsPath = `/finetune/detection-results?${new URLSearchParams({ datasetId, videoId }).toString()}`;
  const toggleChosen = (id: string) => {
    const next = new Set(chosen);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setChosen(next);
  };

  return (
    <Box>
      <Typography variant="h4" component="h1">
        {t(`${k}.title`)}
      </Typography>
      <Typography variant="body2" color="textSecondary" sx={{ mb: 2 }}>
        {t(`${k}.subtitle`)}
      </Typography>
      <VideoPicker enabled={canDetect} />
      {videoId === '' ? (
        <Alert severity="info">{t(`${k}.chooseVideo`)}</Alert>
      ) : frames.isPending ? (
        <LinearProgress />
      ) : frames.isError ? (
        <Alert severity="error">{errorMessage(frames.error, t(`${k}.loadFailed`))}</Alert>
      ) : all.length === 0 ? (
        <Alert
          severity="info"
          action={
            <Button
              component={RouterLink}
              to={`/finetune/frame-extraction?videoId=${encodeURIComponent(videoId)}`}
            >
              {t(`${k}.extractFirst`)}
            </Button>
          }
        >
          {t(`${k}.noFrames`)}
        </Alert>
      ) : (
        <Stack spacing={2}>
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Typography variant="subtitle1">{t(`${k}.scope`)}</Typography>
            <RadioGroup
              row
              value={scope}
              onChange={(event) => {
                const value = SCOPES.find((item) => item === event.target.value);
                if (value !== undefined) setScope(value);
              }}
            >
              {SCOPES.map((item) => (
                <FormControlLabel
                  key={item}
                  value={item}
                  control={<Radio size="small" />}
                  label={t(`${k}.scopes.${item}`, {
                    count: framesToDetect(all, item, chosen).length,
                  })}
                />
              ))}
            </RadioGroup>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', mt: 1 }}>
              {targets.length === 0 ? (
                <Alert severity="warning">{t(`${k}.noTargets`)}</Alert>
              ) : (
                <DetectAllButton
                  frameIds={targets.map((frame) => frame.id)}
                  refreshKey={['sarm', 'frames', videoId]}
                  confirmMessage={t(`${k}.confirm`, { count: targets.length })}
                  config={config}
                  label={t(`${k}.run`, { count: targets.length })}
                />
              )}
              <Button onClick={() => setConfigOpen(true)}>
                {t(`${k}.settings`, { value: config.confidence_threshold.toFixed(2) })}
              </Button>
              <Button variant="outlined" component={RouterLink} to={resultsPath}>
                {t(`${k}.viewResults`)}
              </Button>
            </Stack>
          </Paper>
          <Paper variant="outlined">
            <Table size="small" aria-label={t(`${k}.tableLabel`)}>
              <TableHead>
                <TableRow>
                  <TableCell padding="checkbox" />
                  <TableCell>{t(`${k}.columns.frame`)}</TableCell>
                  <TableCell>{t(`${k}.columns.time`)}</TableCell>
                  <TableCell>{t(`${k}.columns.detections`)}</TableCell>
                  <TableCell>{t(`${k}.columns.state`)}</TableCell>
                  <TableCell align="right" />
                </TableRow>
              </TableHead>
              <TableBody>
                {all.map((frame) => (
                  <TableRow key={frame.id} hover>
                    <TableCell padding="checkbox">
                      <Checkbox
                        size="small"
                        checked={chosen.has(frame.id)}
                        disabled={scope !== 'chosen'}
                        onChange={() => toggleChosen(frame.id)}
                        slotProps={{
                          input: {
                            'aria-label': t(`${k}.choose`, { number: frame.frameNumber }),
                          },
                        }}
                      />
                    </TableCell>
                    <TableCell>#{frame.frameNumber}</TableCell>
                    <TableCell>
                      {t(`${k}.seconds`, { seconds: frame.timeOffset.toFixed(2) })}
                    </TableCell>
                    <TableCell>{frame.detectionCount}</TableCell>
                    <TableCell>
                      <Stack direction="row" spacing={0.5}>
                        {frame.selected && (
                          <Chip size="small" color="primary" label={t(`${k}.selected`)} />
                        )}
                        {frame.annotated && <Chip size="small" label={t(`${k}.annotated`)} />}
                      </Stack>
                    </TableCell>
                    <TableCell align="right">
                      <Button
                        size="small"
                        disabled={single.isPending}
                        onClick={() => single.mutate(frame)}
                      >
                        {t(`${k}.detectOne`)}
                      </Button>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Paper>
        </Stack>
      )}
      {configOpen && (
        <DetectionConfigDialog
          config={config}
          onClose={() => setConfigOpen(false)}
          onSave={(next) => {
            setConfig(next);
            setConfigOpen(false);
          }}
        />
      )}
    </Box>
  );
}
