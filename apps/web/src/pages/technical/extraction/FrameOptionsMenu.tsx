import { Button, Menu, MenuItem } from '@mui/material';
import type { DetectionConfig, Frame } from '@sarm/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { errorMessage } from '../../../api/client';
import { detectFrame } from '../../../api/technical/detectionRunApi';
import { useToast } from '../../../feedback/feedbackContext';
import { useCan } from '../../admin/common/useCan';
import { annotateFramePath } from './extractionLogic';

const k = 'technical.extraction.options';

/**
 * The frame's annotation-options menu (spec 2 §2.3): annotate its detections, run detection on
 * this frame alone with the page's configuration, or see its detection results.
 */
export function FrameOptionsMenu({
  frame,
  datasetId,
  config,
  canAnnotate,
}: {
  readonly frame: Frame;
  readonly datasetId: string;
  readonly config: DetectionConfig;
  /** The annotation page needs annotate_detection; detection itself only extract_frames. */
  readonly canAnnotate: boolean;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const client = useQueryClient();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const canSegment = useCan(['annotate_morphology']);
  const segmentPath = `/finetune/crops?${new URLSearchParams({
    frameId: frame.id,
    videoId: frame.videoId,
    datasetId,
  }).toString()}`;
  const detect = useMutation({
    mutationFn: () => detectFrame(frame.id, config),
    onSuccess: async (answer) => {
      toast(t(`${k}.detected`, { count: answer.detection_count }), 'success');
      await client.invalidateQueries({ queryKey: ['sarm', 'frames', frame.videoId] });
    },
    onError: (error) =>
      toast(t('detection.detectFailed', { error: errorMessage(error, '') }), 'error'),
  });
  const results = `/finetune/detection-results?${new URLSearchParams({
    datasetId,
    videoId: frame.videoId,
  }).toString()}`;
  return (
    <>
      <Button
        size="small"
        disabled={detect.isPending}
        aria-haspopup="menu"
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {detect.isPending ? t(`${k}.detecting`) : t(`${k}.open`)}
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {canAnnotate && (
          <MenuItem component={RouterLink} to={annotateFramePath(frame, datasetId)}>
            {t(`${k}.annotate`)}
          </MenuItem>
        )}
        <MenuItem
          onClick={() => {
            setAnchor(null);
            detect.mutate();
          }}
        >
          {t(`${k}.detect`)}
        </MenuItem>
        <MenuItem component={RouterLink} to={results}>
          {t(`${k}.results`)}
        </MenuItem>
        {canSegment && (
          <MenuItem component={RouterLink} to={segmentPath}>
            {t(`${k}.segment`)}
          </MenuItem>
        )}
        {canAnnotate && (
          <MenuItem
            component={RouterLink}
            to={`/finetune/mask-extraction?${new URLSearchParams({ videoId: frame.videoId, datasetId }).toString()}`}
          >
            {t('technical.maskExtraction.title')}
          </MenuItem>
        )}
        {canSegment && (
          <MenuItem
            component={RouterLink}
            to={segmentPath.replace('/crops?', '/morphology-labeling?')}
          >
            {t('technical.morphology.classifyMorphology')}
          </MenuItem>
        )}
      </Menu>
    </>
  );
}
