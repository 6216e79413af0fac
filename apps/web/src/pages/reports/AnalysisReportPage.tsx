import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Alert, Button } from '@mui/material';
import {
  ConcentrationReportSchema,
  DatasetSchema,
  MotilityReportSchema,
  VideoSchema,
} from '@sarm/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { fetchLetterhead, LETTERHEAD_KEY } from '../../api/reportsApi';
import { ReportBody, SampleCard } from './ReportLayout';
import { PrintLetterhead } from './ReportRecordParts';
import { analysedRows } from './reportLogic';
import { patientRows, reportPatients } from './reportPdf';

/** Router state the report dialog hands over, checked field by field. */
function readState(state: unknown) {
  if (typeof state !== 'object' || state === null) return null;
  const record = state as Record<string, unknown>;
  const results = record.analysisResults;
  if (typeof results !== 'object' || results === null) return null;
  const r = results as Record<string, unknown>;
  const concentration = ConcentrationReportSchema.nullable().safeParse(r.concentration ?? null);
  const motility = MotilityReportSchema.nullable().safeParse(r.motility ?? null);
  const videos = VideoSchema.array().safeParse(record.selectedVideos ?? []);
  const dataset = DatasetSchema.safeParse(record.dataset);
  const errors = Array.isArray(r.errors) ? r.errors.filter((e) => typeof e === 'string') : [];
  if (!concentration.success || !motility.success || !videos.success || !dataset.success)
    return null;
  return {
    analysisResults: { concentration: concentration.data, motility: motility.data, errors },
    selectedVideos: videos.data,
    dataset: dataset.data,
    projectId: typeof record.projectId === 'string' ? record.projectId : dataset.data.projectId,
  };
}

/** /sarm/reports/analysis: the result of one report run (spec 1 §2.4 Analysis report). */
export function AnalysisReportPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const parsed = readState(useLocation().state);
  const letterhead = useQuery({ queryKey: LETTERHEAD_KEY, queryFn: fetchLetterhead });
  if (parsed === null)
    return (
      <Alert
        severity="info"
        action={
          <Button startIcon={<ArrowBackIcon />} onClick={() => void navigate('/sarm/projects')}>
            {t('reports.backToDatasets')}
          </Button>
        }
      >
        {t('reports.noAnalysisData')}
      </Alert>
    );
  const { analysisResults, selectedVideos, dataset, projectId } = parsed;
  const when = new Date().toLocaleString();
  const patients = reportPatients(
    analysisResults.concentration?.patients,
    analysisResults.motility?.patients,
  );
  const sampleRows = [
    [t('reports.dataset'), dataset.name],
    [t('reports.project'), dataset.project_name],
    [t('reports.analysisDate'), when],
    [t('reports.videosUsed'), selectedVideos.map((video) => video.name).join(', ')],
    ...analysedRows(
      analysisResults.concentration?.video_summaries ??
        analysisResults.motility?.video_summaries ??
        [],
      t,
    ),
  ] as const;
  return (
    <ReportBody
      title={t('reports.analysisTitle')}
      subtitle={dataset.name}
      concentration={analysisResults.concentration}
      motility={analysisResults.motility}
      // A fresh run has no bench assessments yet: they join the report once it is saved.
      assessments={{}}
      warnings={analysisResults.errors}
      sample={<SampleCard rows={[...patientRows(patients, t), ...sampleRows]} />}
      letterhead={
        letterhead.data === undefined ? undefined : <PrintLetterhead letterhead={letterhead.data} />
      }
      pdf={{
        title: t('reports.analysisTitle'),
        letterhead: letterhead.data,
        datasetName: dataset.name,
        projectName: dataset.project_name,
        sample: sampleRows,
        patients,
        concentration: analysisResults.concentration,
        motility: analysisResults.motility,
        summaries:
          analysisResults.concentration?.video_summaries ??
          analysisResults.motility?.video_summaries ??
          [],
        warnings: analysisResults.errors,
      }}
      actions={
        <Button
          startIcon={<ArrowBackIcon />}
          onClick={() => void navigate(`/sarm/projects/${projectId}/datasets`)}
        >
          {t('reports.backToDatasets')}
        </Button>
      }
    />
  );
}
