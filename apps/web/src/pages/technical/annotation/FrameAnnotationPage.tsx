import AddBoxIcon from '@mui/icons-material/AddBox';
import CallMergeIcon from '@mui/icons-material/CallMerge';
import CallSplitIcon from '@mui/icons-material/CallSplit';
import CheckIcon from '@mui/icons-material/Check';
import FitScreenIcon from '@mui/icons-material/FitScreen';
import KeyboardIcon from '@mui/icons-material/Keyboard';
import RedoIcon from '@mui/icons-material/Redo';
import SkipNextIcon from '@mui/icons-material/SkipNext';
import TimelineIcon from '@mui/icons-material/Timeline';
import UndoIcon from '@mui/icons-material/Undo';
import ZoomInIcon from '@mui/icons-material/ZoomIn';
import ZoomOutIcon from '@mui/icons-material/ZoomOut';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Grid,
  IconButton,
  Paper,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import type { Detection } from '@sarm/contracts';
import { defaultDataLabelName } from '@sarm/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { fetchVideo } from '../../../api/clinicalApi';
import { errorMessage } from '../../../api/client';
import { detectionKeys, fetchFrame, fetchFrameDetections } from '../../../api/detectionApi';
import {
  addFrameToDataLabel,
  annotationKeys,
  createDataLabel,
  fetchDataLabel,
  fetchNextFrame,
  mergeTracks,
  splitTrack,
  updateDetection,
} from '../../../api/technical/annotationApi';
import { useAuth } from '../../../auth/authContext';
import { useConfirm, useToast } from '../../../feedback/feedbackContext';
import { useCan } from '../../admin/common/useCan';
import { AnnotationCanvas } from './canvas/AnnotationCanvas';
import { moveBox, screenPoint, type FrameBox } from './canvas/geometry';
import { actionFor, nudgeOf, SHORTCUTS, type AnnotationAction } from './canvas/keymap';
import type { CanvasBox } from './canvas/render';
import { actualSizeView, fitView, zoomAt } from './canvas/view';
import { createViewStore } from './canvas/viewStore';
import { AnnotationInfoCards } from './AnnotationInfoCards';
import { DetectionSideList } from './DetectionSideList';
import { ExportMenu } from './ExportMenu';
import {
  addButtonKey,
  cycleSelection,
  nextClass,
  splitByLabel,
  type LabelPhase,
} from './frameAnnotationLogic';
import { ShortcutsDialog } from './ShortcutsDialog';
import { useShortcutKeys } from './useShortcutKeys';
import { useBoxEditing } from './useBoxEditing';
import { useFrameImage } from '../../clinical/useFrameImage';
import { useElementWidth } from './useElementWidth';
import { ZoomLevel } from './ZoomLevel';

/** Maximum canvas height (spec 2 §9). */
const CANVAS_MAX_HEIGHT = 600;
const BANNER_MS = 5000;
const k = 'technical.annotation';

/**
 * Detection annotation of one frame (spec 2 §2.3 'Annotation - Frame #n'): draw, move, resize,
 * delete and reclassify boxes with mouse and keyboard, undo and redo, follow tracks, and add the
 * frame to the user's data label of the dataset.
 */
export function FrameAnnotationPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const frameId = search.get('frameId') ?? '';
  const queryDatasetId = search.get('datasetId') ?? '';
  const canAnnotate = useCan(['annotate_detection']);
  const { user } = useAuth();
  const confirm = useConfirm();
  const toast = useToast();
  const queryClient = useQueryClient();
  const editing = useBoxEditing(frameId);

  const frame = useQuery({
    queryKey: detectionKeys.frameInfo(frameId),
    queryFn: () => fetchFrame(frameId),
    enabled: canAnnotate && frameId !== '',
  });
  const result = useQuery({
    queryKey: detectionKeys.frame(frameId),
    queryFn: () => fetchFrameDetections(frameId),
    enabled: canAnnotate && frameId !== '',
  });
  const videoId = search.get('videoId') ?? frame.data?.videoId ?? '';
  const video = useQuery({
    queryKey: ['technical', 'video', videoId],
    queryFn: () => fetchVideo(videoId),
    enabled: canAnnotate && queryDatasetId === '' && videoId !== '',
  });
  const datasetId = queryDatasetId !== '' ? queryDatasetId : (video.data?.datasetId ?? '');
  const labelName =
    user === null || datasetId === '' ? '' : defaultDataLabelName(user.id, datasetId, 'detection');
  const label = useQuery({
    queryKey: annotationKeys.label(labelName),
    queryFn: () => fetchDataLabel(labelName),
    enabled: canAnnotate && labelName !== '',
  });

  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [phase, setPhase] = useState<LabelPhase>('idle');
  const [banner, setBanner] = useState(false);
  const [helpOpen, setHelpOpen] = useState(false);
  const [mergeSource, setMergeSource] = useState<Detection | null>(null);
  const [lastMove, setLastMove] = useState<{ id: string } | null>(null);
  const [container, setContainer] = useState<HTMLDivElement | null>(null);
  const labelCreation = useRef<Promise<string> | null>(null);
  const { image, failed } = useFrameImage(frameId);

  const detections = useMemo(() => result.data?.detections ?? [], [result.data]);
  const frameSize = useMemo(
    () => ({ width: frame.data?.width ?? 1, height: frame.data?.height ?? 1 }),
    [frame.data],
  );
  const availableWidth = useElementWidth(container, 800);
  const viewport = useMemo(() => {
    const width = Math.max(200, availableWidth);
    const height = Math.min(
      CANVAS_MAX_HEIGHT,
      Math.round((width * frameSize.height) / frameSize.width),
    );
    return { width, height };
  }, [availableWidth, frameSize]);
  // Zoom and pan live in a store, not in state: a wheel step must not re-render this page.
  const [viewStore] = useState(() => createViewStore({ scale: 1, offsetX: 0, offsetY: 0 }));
  useEffect(() => viewStore.set(fitView(frameSize, viewport)), [viewStore, frameSize, viewport]);
  useEffect(() => {
    setSelectedId(null);
    setAdding(false);
    setMergeSource(null);
  }, [frameId]);
  useEffect(() => {
    if (!banner) return;
    const timer = setTimeout(() => setBanner(false), BANNER_MS);
    return () => clearTimeout(timer);
  }, [banner]);

  const labelled = useMemo(() => new Set(label.data?.detection_ids ?? []), [label.data]);
  const { added } = splitByLabel(detections, labelled);
  const selected = detections.find((d) => d.id === selectedId);
  const boxes: CanvasBox[] = useMemo(
    () =>
      detections.map((d) => ({
        id: d.id,
        x1: d.x1,
        y1: d.y1,
        x2: d.x2,
        y2: d.y2,
        confidence: d.confidence,
        source: d.source,
        verified: d.verified,
        trackId: d.track_id,
      })),
    [detections],
  );

  /** The user's label of the dataset, created once when the lookup said it is missing. */
  async function ensureLabel(): Promise<string> {
    if (label.data) return label.data.id;
    if (user === null) throw new Error('Not signed in');
    labelCreation.current ??= createDataLabel({
      name: labelName,
      description: '',
      dataset_id: datasetId,
      user_id: user.id,
      label_type: 'detection',
    }).then((created) => created.id);
    try {
      return await labelCreation.current;
    } catch (error) {
      labelCreation.current = null;
      throw error;
    }
  }

  async function addFrame() {
    if (frameId === '' || datasetId === '') {
      toast(t(`${k}.missingIds`), 'error');
      return;
    }
    let labelId: string;
    try {
      setPhase(label.data ? 'adding' : 'settingUp');
      labelId = await ensureLabel();
    } catch {
      setPhase('idle');
      toast(t(`${k}.labelCreateFailed`), 'error');
      return;
    }
    try {
      setPhase('adding');
      await addFrameToDataLabel(labelId, frameId);
      setBanner(true);
    } catch (error) {
      toast(t(`${k}.addFrameFailed`, { reason: errorMessage(error, 'Unknown error') }), 'error');
    } finally {
      setPhase('idle');
      await queryClient.invalidateQueries({ queryKey: annotationKeys.label(labelName) });
    }
  }

  async function deleteWithConfirmation(detection: Detection) {
    await confirm({
      message: t(`${k}.deleteConfirm`),
      onConfirm: async () => {
        await editing.remove(detection);
        if (selectedId === detection.id) setSelectedId(null);
      },
    });
  }

  async function carryAlongTrack() {
    const target = detections.find((d) => d.id === (lastMove?.id ?? selectedId));
    if (target === undefined || target.track_id === null) {
      toast(t(`${k}.noTrackSelected`), 'warning');
      return;
    }
    try {
      const answer = await updateDetection(target.id, {
        box: { x1: target.x1, y1: target.y1, x2: target.x2, y2: target.y2 },
        propagate: 'track',
      });
      toast(t(`${k}.carried`, { count: answer.propagated, track: target.track_id }), 'success');
    } catch (error) {
      toast(t(`${k}.trackFailed`, { reason: errorMessage(error, 'Unknown error') }), 'error');
    }
  }

  async function split() {
    if (selected === undefined) {
      toast(t(`${k}.noTrackSelected`), 'warning');
      return;
    }
    try {
      const answer = await splitTrack(selected.id);
      toast(t(`${k}.splitDone`, { track: answer.track_id }), 'success');
      await queryClient.invalidateQueries({ queryKey: detectionKeys.frame(frameId) });
    } catch (error) {
      toast(t(`${k}.trackFailed`, { reason: errorMessage(error, 'Unknown error') }), 'error');
    }
  }

  async function merge() {
    if (selected === undefined || selected.track_id === null) {
      toast(t(`${k}.noTrackSelected`), 'warning');
      return;
    }
    if (mergeSource === null || mergeSource.track_id === null || mergeSource.id === selected.id) {
      setMergeSource(selected);
      toast(t(`${k}.mergeSource`, { track: selected.track_id }), 'info');
      return;
    }
    try {
      const answer = await mergeTracks(
        frame.data?.videoId ?? videoId,
        mergeSource.track_id,
        selected.track_id,
      );
      toast(t(`${k}.mergeDone`, { track: answer.track_id, count: answer.moved }), 'success');
      setMergeSource(null);
      await queryClient.invalidateQueries({ queryKey: detectionKeys.frame(frameId) });
    } catch (error) {
      toast(t(`${k}.trackFailed`, { reason: errorMessage(error, 'Unknown error') }), 'error');
    }
  }

  async function goToNextFrame() {
    const currentVideo = frame.data?.videoId ?? videoId;
    try {
      const next = await fetchNextFrame(currentVideo, frameId);
      if (next === null) {
        toast(t(`${k}.allAnnotated`), 'info');
        return;
      }
      toast(
        t(`${k}.nextFrameToast`, {
          frameNumber: next.frame_number,
          reason: t(`${k}.nextReason.${next.reason}`),
        }),
        'info',
      );
      const params = new URLSearchParams(search);
      params.set('frameId', next.frame_id);
      params.set('videoId', currentVideo);
      if (datasetId !== '') params.set('datasetId', datasetId);
      void navigate({ search: params.toString() });
    } catch (error) {
      toast(errorMessage(error, 'Unknown error'), 'error');
    }
  }

  async function onChanged(id: string, before: FrameBox, after: FrameBox) {
    const moved = await editing.move(id, before, after);
    if (moved !== null) setLastMove({ id });
  }

  function nudge(action: AnnotationAction) {
    const step = nudgeOf(action);
    if (step !== null && selected !== undefined)
      void onChanged(selected.id, selected, moveBox(selected, step.dx, step.dy, frameSize));
  }

  function run(action: AnnotationAction) {
    const centre = screenPoint(viewport.width / 2, viewport.height / 2);
    switch (action) {
      case 'addBox':
        setAdding(true);
        return;
      case 'cancel':
        setAdding(false);
        setSelectedId(null);
        setMergeSource(null);
        return;
      case 'delete':
        if (selected !== undefined) void deleteWithConfirmation(selected);
        return;
      case 'undo':
        void editing.undo();
        return;
      case 'redo':
        void editing.redo();
        return;
      case 'nextBox':
      case 'previousBox':
        setSelectedId(cycleSelection(detections, selectedId, action === 'nextBox' ? 1 : -1));
        return;
      case 'cycleClass':
        if (selected !== undefined) {
          const next = nextClass(selected.className);
          void editing.reclassify(selected, next);
          toast(t(`${k}.classChanged`, { name: t(`${k}.classes.${next}`) }), 'info');
        }
        return;
      case 'verify':
        if (selected !== undefined) void editing.verify(selected);
        return;
      case 'fit':
        viewStore.set(fitView(frameSize, viewport));
        return;
      case 'actualSize':
        viewStore.set(actualSizeView(viewStore.get(), viewport));
        return;
      case 'zoomIn':
        viewStore.set(zoomAt(viewStore.get(), 1.25, centre));
        return;
      case 'zoomOut':
        viewStore.set(zoomAt(viewStore.get(), 0.8, centre));
        return;
      case 'carryToTrack':
        void carryAlongTrack();
        return;
      case 'splitTrack':
        void split();
        return;
      case 'mergeTrack':
        void merge();
        return;
      case 'nextFrame':
        void goToNextFrame();
        return;
      case 'addToLabel':
        if (phase === 'idle' && detections.length > 0) void addFrame();
        return;
      case 'help':
        setHelpOpen(true);
        return;
      case 'nudgeLeft':
      case 'nudgeRight':
      case 'nudgeUp':
      case 'nudgeDown':
      case 'nudgeLeftFar':
      case 'nudgeRightFar':
      case 'nudgeUpFar':
      case 'nudgeDownFar':
        nudge(action);
        return;
    }
  }
  const deleteRef = useRef(deleteWithConfirmation);
  deleteRef.current = deleteWithConfirmation;
  const onDeleteFromList = useCallback((d: Detection) => void deleteRef.current(d), []);
  useShortcutKeys(actionFor, run);

  if (!canAnnotate) return <Alert severity="warning">{t(`${k}.noPermission`)}</Alert>;
  if (frameId === '') return <Alert severity="error">{t(`${k}.missingIds`)}</Alert>;
  if (frame.isPending || result.isPending) return <CircularProgress />;
  if (frame.isError || result.isError)
    return (
      <Alert severity="error">
        {t(`${k}.frameNotFound`, { id: frameId })}
        <br />
        {errorMessage(frame.error ?? result.error, '')}
      </Alert>
    );

  const buttonKey = addButtonKey(phase, detections.length, added);
  const labelState = label.isError
    ? 'error'
    : label.isPending && labelName !== ''
      ? 'loading'
      : 'ready';
  const tool = (title: string, icon: React.ReactNode, onClick: () => void, disabled = false) => (
    <Tooltip title={title}>
      <span>
        <IconButton aria-label={title} onClick={onClick} disabled={disabled} size="small">
          {icon}
        </IconButton>
      </span>
    </Tooltip>
  );

  return (
    <Box>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 2 }}>
        <Typography variant="h4" component="h1">
          {t(`${k}.title`, { frameNumber: frame.data.frameNumber })}
        </Typography>
        <Stack direction="row" spacing={1}>
          <ExportMenu target={{ kind: 'frame', id: frameId }} />
          <Button variant="outlined" onClick={() => void navigate(-1)}>
            {t(`${k}.back`)}
          </Button>
          <Button
            variant="outlined"
            onClick={() => {
              void result.refetch();
              void label.refetch();
            }}
          >
            {t(`${k}.refresh`)}
          </Button>
        </Stack>
      </Stack>
      {banner && (
        <Alert severity="success" sx={{ mb: 2 }} onClose={() => setBanner(false)}>
          {t(`${k}.addedBanner`)}
        </Alert>
      )}
      {datasetId === '' && !video.isPending && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t(`${k}.missingIds`)}
        </Alert>
      )}
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Typography variant="h6" gutterBottom>
          {t(`${k}.panelTitle`)}
        </Typography>
        <AnnotationInfoCards
          frame={frame.data}
          detectionCount={detections.length}
          addedCount={added}
          processingStatus={result.data.metadata.processingStatus}
          label={label.data ?? null}
          labelState={labelState}
          busy={phase !== 'idle'}
          selected={selected}
        />
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
          <Button
            variant={adding ? 'contained' : 'outlined'}
            color={adding ? 'warning' : 'primary'}
            startIcon={<AddBoxIcon />}
            onClick={() => setAdding((value) => !value)}
          >
            {adding ? t(`${k}.cancelAdding`) : t(`${k}.addBox`)}
          </Button>
          <Button
            variant="contained"
            disabled={phase !== 'idle' || detections.length === 0 || datasetId === ''}
            onClick={() => void addFrame()}
          >
            {t(`${k}.addButton.${buttonKey}`)}
          </Button>
          <Box sx={{ flexGrow: 1 }} />
          {tool(t(`${k}.tools.undo`), <UndoIcon />, () => run('undo'), !editing.canUndo)}
          {tool(t(`${k}.tools.redo`), <RedoIcon />, () => run('redo'), !editing.canRedo)}
          {tool(t(`${k}.tools.verify`), <CheckIcon />, () => run('verify'), selected === undefined)}
          {tool(t(`${k}.tools.carry`), <TimelineIcon />, () => run('carryToTrack'))}
          {tool(
            t(`${k}.tools.split`),
            <CallSplitIcon />,
            () => run('splitTrack'),
            selected === undefined,
          )}
          {tool(
            t(`${k}.tools.merge`),
            <CallMergeIcon />,
            () => run('mergeTrack'),
            selected === undefined,
          )}
          {tool(t(`${k}.tools.zoomOut`), <ZoomOutIcon />, () => run('zoomOut'))}
          <ZoomLevel viewStore={viewStore} />
          {tool(t(`${k}.tools.zoomIn`), <ZoomInIcon />, () => run('zoomIn'))}
          {tool(t(`${k}.tools.fit`), <FitScreenIcon />, () => run('fit'))}
          <Button size="small" onClick={() => run('actualSize')}>
            1:1
          </Button>
          {tool(t(`${k}.tools.nextFrame`), <SkipNextIcon />, () => run('nextFrame'))}
          {tool(t(`${k}.tools.help`), <KeyboardIcon />, () => run('help'))}
        </Stack>
      </Paper>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, lg: 8 }} ref={setContainer}>
          {failed && (
            <Alert severity="error" sx={{ mb: 1 }}>
              {t(`${k}.imageFailed`)}
            </Alert>
          )}
          <AnnotationCanvas
            frame={frameSize}
            viewport={viewport}
            image={image}
            boxes={boxes}
            selectedId={selectedId}
            adding={adding}
            viewStore={viewStore}
            label={t(`${k}.canvasLabel`)}
            onSelect={setSelectedId}
            onDrawn={(box) => {
              setAdding(false);
              void editing.create(box).then((created) => created && setSelectedId(created.id));
            }}
            onChanged={(id, before, after) => void onChanged(id, before, after)}
          />
          <Typography variant="caption" color="textSecondary">
            {t(`${k}.legend`)}
          </Typography>
        </Grid>
        <Grid size={{ xs: 12, lg: 4 }}>
          <DetectionSideList
            detections={detections}
            labelled={labelled}
            selectedId={selectedId}
            onSelect={setSelectedId}
            onDelete={onDeleteFromList}
          />
        </Grid>
      </Grid>
      <ShortcutsDialog
        open={helpOpen}
        onClose={() => setHelpOpen(false)}
        title={t('technical.annotation.shortcutsTitle')}
        shortcuts={SHORTCUTS.map((s) => ({
          keys: s.keys,
          text: t(`technical.annotation.actions.${s.action}`),
        }))}
        legend={t('technical.annotation.legend')}
        closeText={t('technical.annotation.close')}
      />
    </Box>
  );
}
