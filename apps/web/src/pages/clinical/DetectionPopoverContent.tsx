import { Stack, Typography } from '@mui/material';
import type { Detection } from '@sarm/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { detectionKeys, fetchDetectionDetail } from '../../api/detectionApi';
import { AuthImage } from './AuthImage';

function Row({ label, value }: { readonly label: string; readonly value: string }) {
  return (
    <Typography variant="body2">
      <strong>{label}:</strong> {value}
    </Typography>
  );
}

/** Details of one detection: id, confidence, class, source, verified, model, frame, video, mask. */
export function DetectionPopoverContent({ detection }: { readonly detection: Detection }) {
  const { t } = useTranslation();
  const detail = useQuery({
    queryKey: detectionKeys.detail(detection.id),
    queryFn: () => fetchDetectionDetail(detection.id),
  });
  const frame = detail.data?.frame;
  const mask = detail.data?.mask;
  return (
    <Stack spacing={0.25}>
      <Row label={t('detection.id')} value={detection.id.slice(0, 8)} />
      <Row label={t('detection.confidence')} value={detection.confidence.toFixed(3)} />
      <Row label={t('detection.class')} value={detection.className} />
      <Row label={t('detection.source')} value={detection.source} />
      <Row
        label={t('detection.verified')}
        value={detection.verified ? t('detection.yes') : t('detection.no')}
      />
      <Row label={t('detection.model')} value={detection.modelId ?? t('detection.noModel')} />
      {frame !== undefined && (
        <Row
          label={t('detection.frame')}
          value={t('detection.frameSummary', {
            number: frame.frameNumber,
            width: frame.width,
            height: frame.height,
          })}
        />
      )}
      {detail.data !== undefined && (
        <Row label={t('detection.video')} value={detail.data.video.name} />
      )}
      {mask === null && <Row label={t('detection.mask')} value={t('detection.noMask')} />}
      {mask !== undefined && mask !== null && (
        <>
          <Typography variant="body2">
            <strong>{t('detection.mask')}:</strong>
          </Typography>
          {/* mask_url is an API address; AuthImage adds the /api prefix itself. */}
          <AuthImage
            path={mask.mask_url.replace(/^\/api(?=\/)/, '')}
            alt={t('detection.mask')}
            height={72}
          />
        </>
      )}
    </Stack>
  );
}
