import { Box, CircularProgress, Paper, Typography } from '@mui/material';
import type { Detection } from '@sarm/contracts';
import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DetectionPopoverContent } from './DetectionPopoverContent';
import { useFrameImage } from './useFrameImage';
import {
  CANVAS_CONTAINER_WIDTH,
  CANVAS_MAX_HEIGHT,
  canvasScale,
  confidenceLevel,
  CONFIDENCE_COLOURS,
  detectionAt,
} from './detectionLogic';

/** The frame with boxes coloured by confidence; hover or click a box for its details. */
export function DetectionCanvas({
  frameId,
  width,
  height,
  detections,
  selectedId,
  onSelect,
}: {
  readonly frameId: string;
  readonly width: number;
  readonly height: number;
  readonly detections: readonly Detection[];
  readonly selectedId: string | null;
  readonly onSelect: (id: string | null) => void;
}) {
  const { t } = useTranslation();
  const canvas = useRef<HTMLCanvasElement>(null);
  const { image, failed } = useFrameImage(frameId);
  const [hovered, setHovered] = useState<string | null>(null);
  const scale = canvasScale(width, height);
  const [w, h] = [Math.round(width * scale), Math.round(height * scale)];
  const activeId = hovered ?? selectedId;

  useEffect(() => {
    const context = canvas.current?.getContext('2d');
    if (context === undefined || context === null) return;
    context.clearRect(0, 0, w, h);
    if (image !== null) context.drawImage(image, 0, 0, w, h);
    for (const d of detections) {
      const active = d.id === activeId;
      context.strokeStyle = CONFIDENCE_COLOURS[confidenceLevel(d.confidence)];
      context.lineWidth = active ? 3 : 1.5;
      context.strokeRect(d.x1 * scale, d.y1 * scale, (d.x2 - d.x1) * scale, (d.y2 - d.y1) * scale);
    }
  }, [image, detections, activeId, scale, w, h]);

  const pick = (event: MouseEvent<HTMLCanvasElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    const x = ((event.clientX - rect.left) * (w / rect.width)) / scale;
    const y = ((event.clientY - rect.top) * (h / rect.height)) / scale;
    return detectionAt(detections, x, y)?.id ?? null;
  };
  const active = detections.find((d) => d.id === activeId);

  return (
    <Box
      sx={{
        position: 'relative',
        width: '100%',
        maxWidth: CANVAS_CONTAINER_WIDTH,
        maxHeight: CANVAS_MAX_HEIGHT + 100,
      }}
    >
      <canvas
        ref={canvas}
        width={w}
        height={h}
        aria-label={t('detection.canvasLabel')}
        style={{
          width: '100%',
          maxWidth: w,
          maxHeight: CANVAS_MAX_HEIGHT,
          display: 'block',
          cursor: 'crosshair',
          background: '#000',
        }}
        onMouseMove={(event) => setHovered(pick(event))}
        onMouseLeave={() => setHovered(null)}
        onClick={(event) => onSelect(pick(event))}
      />
      {image === null && !failed && (
        <CircularProgress sx={{ position: 'absolute', top: h / 2 - 20, left: w / 2 - 20 }} />
      )}
      {failed && (
        <Typography color="error" sx={{ position: 'absolute', top: 8, left: 8 }}>
          {t('clinical.failedImage')}
        </Typography>
      )}
      {active !== undefined && (
        <Paper
          role="tooltip"
          elevation={6}
          sx={{
            position: 'absolute',
            p: 1.5,
            zIndex: 2,
            pointerEvents: 'none',
            width: 240,
            left: Math.min(active.x2 * scale + 8, Math.max(0, w - 240)),
            top: Math.min(active.y1 * scale, Math.max(0, h - 220)),
          }}
        >
          <DetectionPopoverContent detection={active} />
        </Paper>
      )}
    </Box>
  );
}
