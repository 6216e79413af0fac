import { Box, Chip, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { FocusVerdict } from './focusMeter';
import type { PreviewState } from './usePreviewDetection';

const VERDICT_COLOUR: Record<FocusVerdict, 'success' | 'warning' | 'error'> = {
  ok: 'success',
  out_of_focus: 'warning',
  too_dark: 'warning',
  overexposed: 'error',
};

/** The live video with the detected heads drawn over it, the head count and the focus meter. */
export function PreviewPanel(props: {
  readonly videoRef: React.RefObject<HTMLVideoElement | null>;
  readonly overlayRef: React.RefObject<HTMLCanvasElement | null>;
  readonly preview: PreviewState;
  readonly live: boolean;
  readonly recording: boolean;
}) {
  const { t } = useTranslation();
  const { preview, live, recording } = props;
  const focus = preview.focus;
  return (
    <Stack spacing={1}>
      <Box
        sx={{
          position: 'relative',
          width: '100%',
          maxWidth: 800,
          aspectRatio: '4 / 3',
          bgcolor: 'grey.900',
          outline: recording ? '4px solid' : 'none',
          outlineColor: 'error.main',
        }}
      >
        <video
          ref={props.videoRef}
          muted
          playsInline
          data-testid="live-video"
          style={{ width: '100%', height: '100%', objectFit: 'contain', display: 'block' }}
        />
        <canvas
          ref={props.overlayRef}
          data-testid="live-overlay"
          style={{
            position: 'absolute',
            inset: 0,
            width: '100%',
            height: '100%',
            pointerEvents: 'none',
          }}
        />
      </Box>
      {live && (
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Chip
            data-testid="live-heads"
            data-count={preview.heads.length}
            label={t('live.preview.heads', { n: preview.heads.length })}
          />
          {focus !== null && (
            <Chip
              data-testid="live-focus"
              data-verdict={focus.verdict}
              color={VERDICT_COLOUR[focus.verdict]}
              label={t(`live.preview.verdict.${focus.verdict}`)}
            />
          )}
          {focus !== null && (
            <Chip
              variant="outlined"
              label={t('live.preview.meter', {
                sharpness: focus.sharpness.toFixed(0),
                dark: (100 * focus.darkShare).toFixed(1),
                bright: (100 * focus.brightShare).toFixed(1),
              })}
            />
          )}
          {preview.overlayFps !== null && (
            <Chip
              variant="outlined"
              data-testid="live-overlay-fps"
              data-fps={preview.overlayFps.toFixed(2)}
              label={t('live.preview.overlayFps', { fps: preview.overlayFps.toFixed(1) })}
            />
          )}
          {preview.error !== null && (
            <Chip color="error" label={t('live.preview.error', { message: preview.error })} />
          )}
        </Stack>
      )}
    </Stack>
  );
}
