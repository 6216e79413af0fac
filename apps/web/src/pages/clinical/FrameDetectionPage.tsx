import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  Grid,
  Stack,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { detectionKeys, fetchFrame, fetchFrameDetections } from '../../api/detectionApi';
import { useCan } from '../admin/common/useCan';
import { DetectionCanvas } from './DetectionCanvas';
import { DetectionList } from './DetectionList';
import { CONFIDENCE_COLOURS, detectionSummary } from './detectionLogic';

function Info({ label, value }: { readonly label: string; readonly value: string | number }) {
  return (
    <Typography variant="body2">
      <strong>{label}:</strong> {value}
    </Typography>
  );
}

function SummaryTile({ label, value, colour }: { label: string; value: number; colour?: string }) {
  return (
    <Box sx={{ textAlign: 'center', px: 2, py: 1, borderRadius: 1, bgcolor: 'action.hover' }}>
      <Typography variant="h5" sx={{ color: colour }}>
        {value}
      </Typography>
      <Typography variant="caption">{label}</Typography>
    </Box>
  );
}

/** Read-only detection view of one frame (spec 1 §2.4 Detection view). */
export function FrameDetectionPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const params = useParams();
  const [search] = useSearchParams();
  const { projectId, datasetId } = params;
  // /sarm/annotation/detection/frame carries the frame in ?frameId= instead of the path.
  const frameId = params.frameId ?? search.get('frameId') ?? '';
  const canView = useCan(['sarm.view_detailed_detection', 'select_frames', 'sarm.run_detection']);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const frame = useQuery({
    queryKey: detectionKeys.frameInfo(frameId),
    queryFn: () => fetchFrame(frameId),
    enabled: canView && frameId !== '',
  });
  const result = useQuery({
    queryKey: detectionKeys.frame(frameId),
    queryFn: () => fetchFrameDetections(frameId),
    enabled: canView && frameId !== '',
  });
  if (!canView) return <Alert severity="warning">{t('detection.noPermission')}</Alert>;
  if (frameId === '') return <Alert severity="info">{t('detection.noFrameId')}</Alert>;
  if (frame.isPending || result.isPending) return <CircularProgress />;
  if (frame.isError || result.isError)
    return <Alert severity="error">{t('detection.error')}</Alert>;

  const summary = detectionSummary(result.data.detections);
  const framesPath =
    projectId === undefined || datasetId === undefined
      ? null
      : `/sarm/projects/${projectId}/datasets/${datasetId}/videos/${frame.data.videoId}/frames`;
  return (
    <Box>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 2 }}>
        <Typography variant="h4" component="h1">
          {t('detection.title')}
        </Typography>
        {framesPath === null ? (
          <Button variant="outlined" onClick={() => void navigate(-1)}>
            {t('detection.back')}
          </Button>
        ) : (
          <Button variant="outlined" component={RouterLink} to={framesPath}>
            {t('detection.back')}
          </Button>
        )}
      </Stack>
      <Alert severity="info" sx={{ mb: 2 }}>
        {t('detection.readOnly')}
      </Alert>
      <Grid container spacing={2} sx={{ mb: 2 }}>
        <Grid size={{ xs: 12, md: 5 }}>
          <Card sx={{ height: '100%' }}>
            <CardContent>
              <Typography variant="h6">{t('detection.frameInfo')}</Typography>
              <Info label={t('detection.frameId')} value={frame.data.id} />
              <Info label={t('detection.videoId')} value={frame.data.videoId} />
              <Info label={t('detection.frameNumber')} value={frame.data.frameNumber} />
              <Info
                label={t('detection.size')}
                value={`${frame.data.width}x${frame.data.height}`}
              />
              <Info label={t('detection.status')} value={result.data.metadata.processingStatus} />
            </CardContent>
          </Card>
        </Grid>
        <Grid size={{ xs: 12, md: 7 }}>
          <Card sx={{ height: '100%' }}>
            <CardContent>
              <Typography variant="h6">{t('detection.summary')}</Typography>
              <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap' }}>
                <SummaryTile label={t('detection.total')} value={summary.total} />
                <SummaryTile
                  label={t('detection.high')}
                  value={summary.high}
                  colour={CONFIDENCE_COLOURS.high}
                />
                <SummaryTile
                  label={t('detection.medium')}
                  value={summary.medium}
                  colour={CONFIDENCE_COLOURS.medium}
                />
                <SummaryTile
                  label={t('detection.low')}
                  value={summary.low}
                  colour={CONFIDENCE_COLOURS.red}
                />
              </Stack>
            </CardContent>
          </Card>
        </Grid>
      </Grid>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, lg: 8 }}>
          <DetectionCanvas
            frameId={frameId}
            width={result.data.metadata.width}
            height={result.data.metadata.height}
            detections={result.data.detections}
            selectedId={selectedId}
            onSelect={setSelectedId}
          />
        </Grid>
        <Grid size={{ xs: 12, lg: 4 }}>
          <Typography variant="h6">
            {t('detection.list')} ({summary.total})
          </Typography>
          <DetectionList
            detections={result.data.detections}
            selectedId={selectedId}
            onSelect={setSelectedId}
          />
        </Grid>
      </Grid>
    </Box>
  );
}
