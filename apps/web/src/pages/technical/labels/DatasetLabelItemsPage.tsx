import { Alert, Box, LinearProgress } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { errorMessage } from '../../../api/client';
import { fetchDataLabel } from '../../../api/technical/annotationApi';
import { ClinicalBreadcrumbs } from '../../clinical/ClinicalBreadcrumbs';
import { LabelItemsView } from './LabelItemsView';

const k = 'technical.labels.dataset';

/** Data label items page of a dataset's label, reached from the dataset's data labels page. */
export function DatasetLabelItemsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { projectId = '', datasetId = '', labelId = '' } = useParams();
  const base = `/finetune/projects/${projectId}/datasets/${datasetId}/data-labels`;
  const label = useQuery({
    queryKey: ['technical', 'data-label', labelId],
    queryFn: () => fetchDataLabel(labelId),
  });
  return (
    <Box>
      <ClinicalBreadcrumbs
        crumbs={[
          { label: t(`${k}.crumbProjects`), to: '/finetune/videos' },
          { label: t(`${k}.crumbDatasets`), to: `/finetune/projects/${projectId}/datasets` },
          { label: t(`${k}.title`), to: base },
          { label: label.data?.name ?? '…' },
        ]}
      />
      {label.isPending && <LinearProgress />}
      {label.isError && (
        <Alert severity="error">{errorMessage(label.error, t(`${k}.loadFailed`))}</Alert>
      )}
      {label.isSuccess && label.data === null && (
        <Alert severity="warning">{t(`${k}.notFound`)}</Alert>
      )}
      {label.data != null && (
        <LabelItemsView label={label.data} onBack={() => void navigate(base)} />
      )}
    </Box>
  );
}
