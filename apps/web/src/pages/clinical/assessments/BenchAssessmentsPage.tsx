import { Alert, Box, CircularProgress, Stack, Tab, Tabs, Typography } from '@mui/material';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import {
  ASSESSMENT_MODULES,
  DEFAULT_COUNT_TARGET,
  type AssessmentModule,
  type SampleAssessments,
} from '@sarm/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { assessmentKeys, fetchSampleAssessments } from '../../../api/assessmentsApi';
import { clinicalKeys, fetchDataset } from '../../../api/clinicalApi';
import { CountedModulePanel } from './CountedModulePanel';
import { AgglutinationPanel, CommentsPanel } from './EnteredModulePanels';
import { MODULE_KEYS } from './labelKeys';
import { MorphologyImagesPanel } from './MorphologyImagesPanel';

function ModulePanel(props: {
  readonly module: AssessmentModule;
  readonly datasetId: string;
  readonly assessments: SampleAssessments;
  readonly active: boolean;
}) {
  const { module, datasetId, assessments, active } = props;
  const common = {
    datasetId,
    current: assessments.current[module],
    canRecord: assessments.canRecord,
  };
  switch (module) {
    case 'vitality':
    case 'round_cells':
    case 'mar':
      return <CountedModulePanel module={module} active={active} {...common} />;
    case 'morphology':
      return (
        <CountedModulePanel
          module={module}
          active={active}
          {...common}
          extra={(recordCell) => (
            // Smear images with a model's proposals: each confirmed cell counts as one cell here.
            <MorphologyImagesPanel
              datasetId={datasetId}
              onCell={recordCell}
              canRecord={assessments.canRecord}
            />
          )}
        />
      );
    case 'agglutination':
      return <AgglutinationPanel {...common} />;
    case 'comments':
      return <CommentsPanel {...common} />;
  }
}

/**
 * Bench assessments of a sample (/sarm/samples/:datasetId/assessments): vitality, morphology,
 * round cells, agglutination, MAR and comments, counted with the tally counter in replicates.
 * Everyone who may read reports sees the results; counting needs `sarm.record_assessments`,
 * which the server reports as `canRecord`.
 */
export function BenchAssessmentsPage() {
  const { t } = useTranslation();
  const { datasetId = '' } = useParams();
  const [tab, setTab] = useState<AssessmentModule>('vitality');
  const assessments = useQuery({
    queryKey: assessmentKeys.sample(datasetId),
    queryFn: () => fetchSampleAssessments(datasetId),
    enabled: datasetId !== '',
  });
  // The sample's name is a courtesy in the title; a caller who cannot read it still counts.
  const dataset = useQuery({
    queryKey: clinicalKeys.dataset(datasetId),
    queryFn: () => fetchDataset(datasetId),
    enabled: datasetId !== '',
    retry: false,
  });
  const data = assessments.data;

  return (
    <Box data-testid="bench-assessments-page">
      <Stack sx={{ mb: 2 }}>
        <Typography variant="h4" component="h1">
          {t('assessments.title')}
        </Typography>
        {dataset.data !== undefined && (
          <Typography variant="h6" component="p" color="text.secondary">
            {dataset.data.name}
          </Typography>
        )}
        <Typography color="text.secondary">
          {t('assessments.subtitle', { target: DEFAULT_COUNT_TARGET })}
        </Typography>
      </Stack>
      {assessments.isPending && <CircularProgress />}
      {assessments.isError && (
        <Alert severity="error">
          {t('assessments.loadError', { message: assessments.error.message })}
        </Alert>
      )}
      {data !== undefined && (
        <>
          {!data.canRecord && (
            <Alert severity="info" sx={{ mb: 2 }} data-testid="assessments-read-only">
              {t('assessments.readOnly')}
            </Alert>
          )}
          <Tabs
            value={tab}
            onChange={(_, value: AssessmentModule) => setTab(value)}
            variant="scrollable"
            scrollButtons="auto"
            sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
          >
            {ASSESSMENT_MODULES.map((module) => (
              <Tab
                key={module}
                value={module}
                label={t(MODULE_KEYS[module])}
                icon={data.current[module] === undefined ? undefined : <CheckCircleOutlineIcon />}
                iconPosition="end"
                data-testid={`assessment-tab-${module}`}
                id={`assessment-tab-${module}`}
                aria-controls={`assessment-tabpanel-${module}`}
              />
            ))}
          </Tabs>
          {/* Every panel stays mounted so a count in progress survives a look at another tab. */}
          {ASSESSMENT_MODULES.map((module) => (
            <Box
              key={module}
              role="tabpanel"
              hidden={tab !== module}
              id={`assessment-tabpanel-${module}`}
              aria-labelledby={`assessment-tab-${module}`}
            >
              <ModulePanel
                module={module}
                datasetId={datasetId}
                assessments={data}
                active={tab === module}
              />
            </Box>
          ))}
        </>
      )}
    </Box>
  );
}
