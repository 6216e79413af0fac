import NavigateBeforeIcon from '@mui/icons-material/NavigateBefore';
import NavigateNextIcon from '@mui/icons-material/NavigateNext';
import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import {
  Alert,
  Box,
  Chip,
  CircularProgress,
  FormControlLabel,
  IconButton,
  Slider,
  Stack,
  Switch,
  Tooltip,
  Typography,
} from '@mui/material';
import {
  WHO_MOTILITY_CATEGORIES,
  type AnalysisTrack,
  type VideoAnalysisResponse,
  type WhoMotilityCategory,
} from '@sarm/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useRef, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchVideoLink } from '../../api/clinicalApi';
import {
  frameIndexAt,
  headAt,
  nearestTrack,
  toVideoPoint,
  trailFramesFor,
  visibleTrail,
  type FrameIndex,
  type TrailMode,
} from './analysisView';
import { CATEGORY_COLOURS, CATEGORY_LABEL_KEYS } from './categoryColours';

type VideoGeometry = VideoAnalysisResponse['video'];

interface OverlayState {
  readonly tracks: readonly AnalysisTrack[];
  readonly shown: ReadonlySet<WhoMotilityCategory>;
  readonly mode: TrailMode;
  readonly selectedId: number | null;
  readonly width: number;
  readonly height: number;
}

/** Click tolerance around a head, in screen pixels. */
const PICK_RADIUS_PX = 16;

/** Draws every shown track's trail and head at the frame; the selected one thick and on top. */
function drawOverlay(context: CanvasRenderingContext2D, state: OverlayState, frame: FrameIndex) {
  context.clearRect(0, 0, state.width, state.height);
  const base = Math.max(1, state.width / 400);
  const ordered = [...state.tracks].sort(
    (a, b) => Number(a.id === state.selectedId) - Number(b.id === state.selectedId),
  );
  context.lineJoin = 'round';
  context.lineCap = 'round';
  for (const track of ordered) {
    if (!state.shown.has(track.category)) continue;
    const selected = track.id === state.selectedId;
    context.globalAlpha = state.selectedId !== null && !selected ? 0.25 : 1;
    context.strokeStyle = CATEGORY_COLOURS[track.category];
    context.fillStyle = CATEGORY_COLOURS[track.category];
    context.lineWidth = selected ? base * 2.5 : base;
    const trail = visibleTrail(track, frame, state.mode);
    const [first, ...rest] = trail;
    if (first !== undefined && rest.length > 0) {
      context.beginPath();
      context.moveTo(first.x, first.y);
      for (const point of rest) context.lineTo(point.x, point.y);
      context.stroke();
    }
    const head = headAt(track, frame);
    if (head !== null) {
      context.beginPath();
      context.arc(head.x, head.y, (selected ? 6 : 3.5) * base, 0, 2 * Math.PI);
      context.stroke();
    }
  }
  context.globalAlpha = 1;
}

const formatTime = (seconds: number) => `${seconds.toFixed(2)} s`;

/**
 * The video with its tracks drawn over it in WHO category colours, with its own controls (the
 * overlay takes clicks to select tracks), an opacity slider, category toggles and a full-path switch.
 */
export function TrackOverlayPlayer({
  video,
  tracks,
  selectedId,
  onSelect,
}: {
  video: VideoGeometry;
  tracks: readonly AnalysisTrack[];
  selectedId: number | null;
  onSelect: (trackId: number | null) => void;
}) {
  const { t } = useTranslation();
  const link = useQuery({
    queryKey: ['video-link', video.id],
    queryFn: () => fetchVideoLink(video.id),
    staleTime: 30 * 60 * 1000,
  });
  const videoRef = useRef<HTMLVideoElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [opacity, setOpacity] = useState(100);
  const [fullPaths, setFullPaths] = useState(false);
  const [shown, setShown] = useState<ReadonlySet<WhoMotilityCategory>>(
    () => new Set(WHO_MOTILITY_CATEGORIES),
  );
  const [frame, setFrame] = useState(0 as FrameIndex);
  const [playing, setPlaying] = useState(false);
  const [loadError, setLoadError] = useState(false);
  const mode: TrailMode = fullPaths
    ? { kind: 'full' }
    : { kind: 'recent', frames: trailFramesFor(video.fps) };

  const state = useRef<OverlayState>({
    tracks,
    shown,
    mode,
    selectedId,
    width: video.width,
    height: video.height,
  });
  useLayoutEffect(() => {
    state.current = {
      tracks,
      shown,
      mode,
      selectedId,
      width: video.width,
      height: video.height,
    };
  });

  // One drawing loop for the component's life; it reads the latest settings from the ref.
  useEffect(() => {
    let handle = 0;
    let lastFrame = -1;
    const tick = () => {
      const element = videoRef.current;
      const context = canvasRef.current?.getContext('2d') ?? null;
      if (element !== null && context !== null) {
        const current = frameIndexAt(element.currentTime, video.fps);
        drawOverlay(context, state.current, current);
        if (current !== lastFrame) {
          lastFrame = current;
          setFrame(current);
        }
      }
      handle = window.requestAnimationFrame(tick);
    };
    handle = window.requestAnimationFrame(tick);
    return () => window.cancelAnimationFrame(handle);
  }, [video.fps]);

  const seekToFrame = (target: number) => {
    const element = videoRef.current;
    if (element === null || video.fps <= 0) return;
    const last = Math.max(0, video.frames - 1);
    element.currentTime = Math.min(Math.max(0, target), last) / video.fps;
  };
  const togglePlay = () => {
    const element = videoRef.current;
    if (element === null) return;
    if (element.paused) void element.play().catch(() => setPlaying(false));
    else element.pause();
  };
  const toggleCategory = (category: WhoMotilityCategory) => {
    setShown((current) => {
      const next = new Set(current);
      if (next.has(category)) next.delete(category);
      else next.add(category);
      return next;
    });
  };
  const pickTrack = (event: MouseEvent<HTMLCanvasElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    const at = toVideoPoint(event.clientX, event.clientY, rect, video);
    const radius = PICK_RADIUS_PX * (rect.width > 0 ? video.width / rect.width : 1);
    const found = nearestTrack(tracks, frame, at, radius, shown);
    onSelect(found?.id ?? null);
  };
  const counts = new Map<WhoMotilityCategory, number>();
  for (const track of tracks) counts.set(track.category, (counts.get(track.category) ?? 0) + 1);

  return (
    <Stack spacing={1.5} data-testid="track-overlay-player">
      {link.isPending && <CircularProgress />}
      {(link.isError || loadError) && (
        <Alert severity="error">{t('videoAnalysis.loadVideoFailed')}</Alert>
      )}
      {link.isSuccess && (
        <Box
          sx={{
            position: 'relative',
            width: '100%',
            maxWidth: 960,
            aspectRatio: `${video.width} / ${video.height}`,
            bgcolor: 'black',
            lineHeight: 0,
          }}
        >
          <video
            ref={videoRef}
            src={link.data}
            muted
            playsInline
            preload="auto"
            onPlay={() => setPlaying(true)}
            onPause={() => setPlaying(false)}
            onEnded={() => setPlaying(false)}
            onError={() => setLoadError(true)}
            style={{ width: '100%', height: '100%', display: 'block', objectFit: 'fill' }}
          />
          <canvas
            ref={canvasRef}
            width={video.width}
            height={video.height}
            onClick={pickTrack}
            data-testid="track-overlay"
            style={{
              position: 'absolute',
              inset: 0,
              width: '100%',
              height: '100%',
              opacity: opacity / 100,
              cursor: 'crosshair',
            }}
          />
        </Box>
      )}
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', maxWidth: 960 }}>
        <Tooltip title={playing ? t('videoAnalysis.pause') : t('videoAnalysis.play')}>
          <IconButton onClick={togglePlay} disabled={!link.isSuccess}>
            {playing ? <PauseIcon /> : <PlayArrowIcon />}
          </IconButton>
        </Tooltip>
        <Tooltip title={t('videoAnalysis.previousFrame')}>
          <IconButton onClick={() => seekToFrame(frame - 1)} disabled={!link.isSuccess}>
            <NavigateBeforeIcon />
          </IconButton>
        </Tooltip>
        <Tooltip title={t('videoAnalysis.nextFrame')}>
          <IconButton onClick={() => seekToFrame(frame + 1)} disabled={!link.isSuccess}>
            <NavigateNextIcon />
          </IconButton>
        </Tooltip>
        <Slider
          size="small"
          min={0}
          max={Math.max(0, video.frames - 1)}
          value={Math.min(frame, Math.max(0, video.frames - 1))}
          onChange={(_, value) => seekToFrame(value)}
          aria-label={t('videoAnalysis.position')}
          disabled={!link.isSuccess}
          sx={{ mx: 1 }}
        />
        <Typography variant="body2" sx={{ whiteSpace: 'nowrap', minWidth: 190 }}>
          {t('videoAnalysis.frameOf', { frame, frames: video.frames })} ·{' '}
          {formatTime(video.fps > 0 ? frame / video.fps : 0)}
        </Typography>
      </Stack>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { sm: 'center' }, maxWidth: 960 }}
      >
        <Box sx={{ minWidth: 220 }}>
          <Typography variant="caption" id="overlay-opacity-label">
            {t('videoAnalysis.overlayOpacity')}: {opacity} %
          </Typography>
          <Slider
            size="small"
            min={0}
            max={100}
            value={opacity}
            onChange={(_, value) => setOpacity(value)}
            aria-labelledby="overlay-opacity-label"
            data-testid="overlay-opacity"
          />
        </Box>
        <FormControlLabel
          control={
            <Switch checked={fullPaths} onChange={(event) => setFullPaths(event.target.checked)} />
          }
          label={t('videoAnalysis.showFullPaths')}
        />
        {selectedId !== null && (
          <Chip
            label={t('videoAnalysis.selectedTrack', { id: selectedId })}
            onDelete={() => onSelect(null)}
            color="primary"
            variant="outlined"
          />
        )}
      </Stack>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        {WHO_MOTILITY_CATEGORIES.map((category) => {
          const on = shown.has(category);
          return (
            <Chip
              key={category}
              clickable
              onClick={() => toggleCategory(category)}
              variant={on ? 'filled' : 'outlined'}
              aria-pressed={on}
              icon={
                <Box
                  component="span"
                  sx={{
                    width: 12,
                    height: 12,
                    borderRadius: '50%',
                    bgcolor: on ? CATEGORY_COLOURS[category] : 'transparent',
                    border: `2px solid ${CATEGORY_COLOURS[category]}`,
                  }}
                />
              }
              label={`${t(CATEGORY_LABEL_KEYS[category])} (${counts.get(category) ?? 0})`}
            />
          );
        })}
      </Stack>
      <Typography variant="caption" color="textSecondary">
        {t('videoAnalysis.legendHint')}
      </Typography>
    </Stack>
  );
}
