import { Card, CardContent, Chip, Grid, Stack, Typography } from '@mui/material';
import type { DataLabelWithItems, Detection, Frame } from '@sarm/contracts';
import { useTranslation } from 'react-i18next';
import { sourceKey } from './frameAnnotationLogic';

function Line({ label, value }: { readonly label: string; readonly value: React.ReactNode }) {
  return (
    <Typography variant="body2">
      <strong>{label}:</strong> {value}
    </Typography>
  );
}

/** The three cards of the 'Data Label for Detections' panel (spec 2 §2.3). */
export function AnnotationInfoCards({
  frame,
  detectionCount,
  addedCount,
  processingStatus,
  label,
  labelState,
  busy,
  selected,
}: {
  readonly frame: Frame;
  readonly detectionCount: number;
  readonly addedCount: number;
  readonly processingStatus: string;
  readonly label: DataLabelWithItems | null;
  readonly labelState: 'loading' | 'error' | 'ready';
  readonly busy: boolean;
  readonly selected: Detection | undefined;
}) {
  const { t } = useTranslation();
  const k = 'technical.annotation';
  return (
    <Grid container spacing={2} sx={{ mb: 2 }}>
      <Grid size={{ xs: 12, md: 4 }}>
        <Card variant="outlined" sx={{ height: '100%' }}>
          <CardContent>
            <Typography variant="subtitle1" gutterBottom>
              {t(`${k}.frameInfo`)}
            </Typography>
            <Line label={t(`${k}.frameNumber`)} value={frame.frameNumber} />
            <Line
              label={t(`${k}.detections`)}
              value={`${detectionCount} ${t(`${k}.addedCount`, { count: addedCount })}`}
            />
            <Line label={t(`${k}.resolution`)} value={`${frame.width} x ${frame.height}`} />
            <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap' }}>
              <Chip
                size="small"
                label={processingStatus}
                color={processingStatus === 'completed' ? 'success' : 'default'}
              />
              {addedCount > 0 && (
                <Chip size="small" color="primary" label={t(`${k}.addedToLabel`)} />
              )}
            </Stack>
          </CardContent>
        </Card>
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        <Card variant="outlined" sx={{ height: '100%' }}>
          <CardContent>
            <Typography variant="subtitle1" gutterBottom>
              {t(`${k}.labelStatus`)}
            </Typography>
            {labelState === 'loading' && (
              <Typography variant="body2">{t(`${k}.labelLoading`)}</Typography>
            )}
            {labelState === 'error' && (
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <Chip size="small" color="error" label={t(`${k}.labelError`)} />
                <Typography variant="body2">{t(`${k}.labelFailed`)}</Typography>
              </Stack>
            )}
            {labelState === 'ready' && label === null && (
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <Chip size="small" color="warning" label={t(`${k}.labelPending`)} />
                <Typography variant="body2">{t(`${k}.labelWillCreate`)}</Typography>
              </Stack>
            )}
            {labelState === 'ready' && label !== null && (
              <>
                <Chip
                  size="small"
                  color={busy ? 'info' : 'success'}
                  label={busy ? t(`${k}.labelAdding`) : t(`${k}.labelReady`)}
                  sx={{ mb: 1 }}
                />
                <Line label={t(`${k}.labelName`)} value={label.name} />
                <Line label={t(`${k}.labelItems`)} value={label.item_count} />
              </>
            )}
          </CardContent>
        </Card>
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        <Card variant="outlined" sx={{ height: '100%' }}>
          <CardContent>
            <Typography variant="subtitle1" gutterBottom>
              {t(`${k}.selectedDetection`)}
            </Typography>
            {selected === undefined ? (
              <Typography variant="body2" color="textSecondary">
                {t(`${k}.selectHint`)}
              </Typography>
            ) : (
              <>
                <Line
                  label={t(`${k}.confidence`)}
                  value={`${Math.round(selected.confidence * 100)}%`}
                />
                <Line
                  label={t(`${k}.size`)}
                  value={`${Math.round(selected.width)} x ${Math.round(selected.height)}`}
                />
                <Line
                  label={t(`${k}.coordinates`)}
                  value={`(${Math.round(selected.x1)}, ${Math.round(selected.y1)}) - (${Math.round(selected.x2)}, ${Math.round(selected.y2)})`}
                />
                <Line
                  label={t(`${k}.source`)}
                  value={`${t(`${k}.sources.${sourceKey(selected.source)}`)} · ${
                    selected.verified ? t(`${k}.verified`) : t(`${k}.notVerified`)
                  }`}
                />
                <Line
                  label={t(`${k}.track`)}
                  value={selected.track_id === null ? t(`${k}.noTrack`) : `#${selected.track_id}`}
                />
              </>
            )}
          </CardContent>
        </Card>
      </Grid>
    </Grid>
  );
}
