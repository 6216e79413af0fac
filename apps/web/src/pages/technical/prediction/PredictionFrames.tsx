import { Card, CardContent, Grid, Typography } from '@mui/material';
import type { PredictionFrame } from '@sarm/contracts';
import { useTranslation } from 'react-i18next';
import { AuthImage } from '../../clinical/AuthImage';
import { DetectorSwatch } from './ComparisonLegend';
import { apiImagePath } from './predictionLogic';

const k = 'technical.prediction.frames';

/** Sample frames with the predictions drawn, their time and counts. */
export function PredictionFrames({ frames }: { readonly frames: readonly PredictionFrame[] }) {
  const { t } = useTranslation();
  if (frames.length === 0) return <Typography color="textSecondary">{t(`${k}.empty`)}</Typography>;
  return (
    <Grid container spacing={1.5}>
      {frames.map((frame) => (
        <Grid key={frame.frame_number} size={{ xs: 12, sm: 6, md: 4 }}>
          <Card variant="outlined">
            <AuthImage
              path={apiImagePath(frame.imageUrl)}
              alt={t(`${k}.alt`, { frame: frame.frame_number })}
              height={180}
            />
            <CardContent sx={{ py: 1 }}>
              <Typography variant="body2">
                {t(`${k}.caption`, { frame: frame.frame_number, time: frame.timestamp.toFixed(2) })}
              </Typography>
              {frame.spermCount !== undefined && frame.classicalCount === undefined && (
                <Typography variant="caption" color="textSecondary">
                  {t(`${k}.sperm`, { n: frame.spermCount })}
                </Typography>
              )}
              {frame.spermCount !== undefined && frame.classicalCount !== undefined && (
                <Typography variant="caption" color="textSecondary" component="div">
                  <DetectorSwatch detector="model" />
                  {t(`${k}.modelCount`, { n: frame.spermCount })}{' '}
                  <DetectorSwatch detector="classical" />
                  {t(`${k}.classicalCount`, { n: frame.classicalCount })}
                </Typography>
              )}
              {(frame.normalCount !== undefined || frame.abnormalCount !== undefined) && (
                <Typography variant="caption" color="textSecondary">
                  {t(`${k}.morphology`, {
                    normal: frame.normalCount ?? 0,
                    abnormal: frame.abnormalCount ?? 0,
                  })}
                </Typography>
              )}
            </CardContent>
          </Card>
        </Grid>
      ))}
    </Grid>
  );
}
