import { Box, Button, Stack, TextField, Typography } from '@mui/material';
import { useEffect, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { imagePixel, markTick, measuredScale, type Point } from './calibrationLogic';

/**
 * The calibration helper: open an image of a stage micrometer, click two ticks, type their
 * distance, and use the µm per pixel that follows.
 */
export function MicrometerHelper({ onScale }: { readonly onScale: (umPerPixel: number) => void }) {
  const { t } = useTranslation();
  const [url, setUrl] = useState<string | null>(null);
  const [ticks, setTicks] = useState<Point[]>([]);
  const [shownTicks, setShownTicks] = useState<Point[]>([]);
  const [distance, setDistance] = useState('100');
  useEffect(
    () => () => {
      if (url !== null) URL.revokeObjectURL(url);
    },
    [url],
  );
  const scale = measuredScale(ticks, distance);

  function mark(event: MouseEvent<HTMLImageElement>) {
    const image = event.currentTarget;
    const box = image.getBoundingClientRect();
    const click = { x: event.clientX - box.left, y: event.clientY - box.top };
    const pixel = imagePixel(
      click,
      { width: box.width, height: box.height },
      { width: image.naturalWidth, height: image.naturalHeight },
    );
    setTicks((current) => markTick(current, pixel));
    setShownTicks((current) => markTick(current, click));
  }

  return (
    <Stack spacing={1} sx={{ p: 1.5, borderRadius: 1, bgcolor: 'action.hover' }}>
      <Typography variant="subtitle2">{t('calibration.helperTitle')}</Typography>
      <Typography variant="caption" color="textSecondary">
        {t('calibration.helperHint')}
      </Typography>
      <Button component="label" size="small" variant="outlined" sx={{ alignSelf: 'flex-start' }}>
        {t('calibration.openImage')}
        <input
          hidden
          type="file"
          accept="image/*"
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file === undefined) return;
            setUrl(URL.createObjectURL(file));
            setTicks([]);
            setShownTicks([]);
          }}
        />
      </Button>
      {url !== null && (
        <Box sx={{ position: 'relative', alignSelf: 'flex-start', cursor: 'crosshair' }}>
          <img
            src={url}
            alt={t('calibration.imageAlt')}
            onClick={mark}
            style={{ display: 'block', maxWidth: '100%', maxHeight: 320 }}
          />
          {shownTicks.map((tick, index) => (
            <Box
              key={index}
              sx={{
                position: 'absolute',
                left: tick.x - 6,
                top: tick.y - 6,
                width: 12,
                height: 12,
                borderRadius: '50%',
                border: 2,
                borderColor: 'error.main',
                pointerEvents: 'none',
              }}
            />
          ))}
        </Box>
      )}
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <TextField
          size="small"
          type="number"
          label={t('calibration.tickDistance')}
          value={distance}
          onChange={(event) => setDistance(event.target.value)}
          sx={{ width: 200 }}
        />
        <Typography variant="body2">
          {scale === null ? t('calibration.markTwoTicks') : t('calibration.measured', { scale })}
        </Typography>
        <Button
          size="small"
          disabled={scale === null}
          onClick={() => scale !== null && onScale(scale)}
        >
          {t('calibration.useScale')}
        </Button>
      </Stack>
    </Stack>
  );
}
