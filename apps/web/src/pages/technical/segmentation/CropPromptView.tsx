import { Box, Typography } from '@mui/material';
import type { MaskPoint } from '@sarm/contracts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchImageUrl } from '../../../api/clinicalApi';
import { cropPoint } from './segmentationLogic';

/** Object URL of an API image fetched with the bearer token (revoked when it changes). */
function useApiImage(path: string | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    setUrl(null);
    if (path === null) return;
    let made: string | null = null;
    let active = true;
    fetchImageUrl(path.replace(/^\/api/, '')).then(
      (objectUrl) => {
        made = objectUrl;
        if (active) setUrl(objectUrl);
        else URL.revokeObjectURL(objectUrl);
      },
      () => undefined,
    );
    return () => {
      active = false;
      if (made !== null) URL.revokeObjectURL(made);
    };
  }, [path]);
  return url;
}

/**
 * The chosen crop enlarged, with its prompt points (green foreground, red background) and the
 * generated mask over it; a click adds a point of the current mode.
 */
export function CropPromptView({
  cropUrl,
  maskUrl,
  crop,
  points,
  mode,
  onAddPoint,
}: {
  readonly cropUrl: string;
  /** The mask PNG (white on the cell) once generated. */
  readonly maskUrl: string | null;
  readonly crop: { readonly width: number; readonly height: number };
  readonly points: readonly MaskPoint[];
  readonly mode: 0 | 1;
  readonly onAddPoint: (point: MaskPoint) => void;
}) {
  const { t } = useTranslation();
  const image = useApiImage(cropUrl);
  const mask = useApiImage(maskUrl);
  const area = useRef<HTMLDivElement>(null);
  // Enlarged to at most 480 px on its long side, pixels kept sharp.
  const scale = Math.max(1, Math.floor(480 / Math.max(crop.width, crop.height)));
  const width = crop.width * scale;
  const height = crop.height * scale;
  return (
    <Box
      ref={area}
      data-testid="crop-prompt-view"
      role="img"
      aria-label={t('technical.segmentation.canvasLabel')}
      onClick={(event) => {
        const rect = area.current?.getBoundingClientRect();
        if (rect === undefined) return;
        onAddPoint(
          cropPoint(
            { x: event.clientX - rect.left, y: event.clientY - rect.top },
            { width: rect.width, height: rect.height },
            crop,
            mode,
          ),
        );
      }}
      sx={{
        position: 'relative',
        width,
        height,
        bgcolor: 'black',
        cursor: 'crosshair',
        flexShrink: 0,
      }}
    >
      {image === null ? (
        <Typography sx={{ color: 'white', p: 1 }} variant="caption">
          {t('technical.segmentation.loadingCrop')}
        </Typography>
      ) : (
        <Box
          component="img"
          src={image}
          alt=""
          sx={{ width, height, imageRendering: 'pixelated', display: 'block' }}
        />
      )}
      {mask !== null && (
        <Box
          component="img"
          src={mask}
          alt=""
          data-testid="mask-overlay"
          sx={{
            position: 'absolute',
            inset: 0,
            width,
            height,
            imageRendering: 'pixelated',
            opacity: 0.45,
            mixBlendMode: 'screen',
            filter: 'sepia(1) saturate(5) hue-rotate(150deg)',
            pointerEvents: 'none',
          }}
        />
      )}
      <Box
        component="svg"
        viewBox={`0 0 ${crop.width} ${crop.height}`}
        sx={{ position: 'absolute', inset: 0, width, height, pointerEvents: 'none' }}
      >
        {points.map((point, index) => (
          <circle
            key={index}
            cx={point.x}
            cy={point.y}
            r={Math.max(0.8, 5 / scale)}
            fill={point.label === 1 ? '#2ECC40' : '#FF4136'}
            stroke="white"
            strokeWidth={Math.max(0.2, 1.2 / scale)}
          />
        ))}
      </Box>
    </Box>
  );
}
