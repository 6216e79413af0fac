import { defaultDataLabelName } from '@sarm/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../api/client';
import {
  annotationKeys,
  createDataLabel,
  fetchDataLabel,
} from '../../../api/technical/annotationApi';
import { useAuth } from '../../../auth/authContext';
import { useToast } from '../../../feedback/feedbackContext';

/**
 * The user's morphology data label of a dataset ({userId}_{datasetId}_morphology), created once
 * when the lookup answers 404 and then reloaded, as the segmentation tool does (spec 2 §4). It
 * shares the tool's query key, so both pages see the same label.
 */
export function useMorphologyLabel(datasetId: string, enabled: boolean) {
  const { t } = useTranslation();
  const toast = useToast();
  const client = useQueryClient();
  const { user } = useAuth();
  const creation = useRef<Promise<unknown> | null>(null);
  const labelName =
    user === null || datasetId === '' ? '' : defaultDataLabelName(user.id, datasetId, 'morphology');
  const label = useQuery({
    queryKey: annotationKeys.label(labelName),
    queryFn: () => fetchDataLabel(labelName),
    enabled: enabled && labelName !== '',
  });

  useEffect(() => {
    if (!label.isSuccess || label.data !== null || user === null || creation.current !== null)
      return;
    creation.current = createDataLabel({
      name: labelName,
      description: '',
      dataset_id: datasetId,
      user_id: user.id,
      label_type: 'morphology',
    }).then(
      async () => {
        toast(t('technical.segmentation.labelCreated'), 'success');
        await client.invalidateQueries({ queryKey: annotationKeys.label(labelName) });
      },
      (error: unknown) =>
        toast(errorMessage(error, t('technical.morphology.labeling.createFailed')), 'error'),
    );
  }, [label.isSuccess, label.data, user, labelName, datasetId, client, t, toast]);

  return { label, labelName };
}
