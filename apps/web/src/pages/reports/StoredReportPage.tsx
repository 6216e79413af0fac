import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Alert, Button, CircularProgress, Grid } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { ApiRequestError } from '../../api/client';
import { fetchMyProjects, PROJECTS_QUERY_KEY } from '../../api/projectsApi';
import { fetchStoredReport, reportKeys } from '../../api/reportsApi';
import { ReportBody, SampleCard } from './ReportLayout';
import { analysedRows } from './reportLogic';
import { patientRows } from './reportPdf';
import { VideoDetailsTable } from './WhoTable';

/** /sarm/reports/view/{datasetId}: the report saved for a dataset (spec 1 §2.4). */
export function StoredReportPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { datasetId = '' } = useParams();
  const report = useQuery({
    queryKey: reportKeys.stored(datasetId),
    queryFn: () => fetchStoredReport(datasetId),
    retry: false,
  });
  const projects = useQuery({ queryKey: PROJECTS_QUERY_KEY, queryFn: fetchMyProjects });
  const back = (
    <Button startIcon={<ArrowBackIcon />} onClick={() => void navigate(-1)}>
      {t('reports.goBack')}
    </Button>
  );
  if (report.isPending) return <CircularProgress />;
  if (report.isError) {
    const missing = report.error instanceof ApiRequestError && report.error.status === 404;
    return (
      <Alert severity={missing ? 'info' : 'error'} action={back}>
        {t(missing ? 'reports.reportNotFound' : 'reports.fetchFailed')}
      </Alert>
    );
  }
  const data = report.data;
  const summaries =
    data.concentration_report?.video_summaries ?? data.motility_report?.video_summaries ?? [];
  const warnings = [
    ...(data.concentration_report?.errors ?? []),
    ...(data.motility_report?.errors ?? []),
  ].map((error) => `${error.video_name}: ${error.error}`);
  const projectName =
    projects.data?.find((project) => project.id === data.project_id)?.name ?? data.project_id;
  const updated = new Date(data.last_updated).toLocaleString();
  const patients = data.patients ?? [];
  const sampleRows = [
    [t('reports.dataset'), data.dataset_name],
    [t('reports.project'), projectName],
    [t('reports.lastUpdated'), updated],
    [t('reports.videosUsed'), String(data.combined_summary.video_count)],
    ...analysedRows(summaries, t),
  ] as const;
  return (
    <ReportBody
      title={t('reports.storedTitle')}
      subtitle={data.dataset_name}
      concentration={data.concentration_report}
      motility={data.motility_report}
      warnings={[...new Set(warnings)]}
      sample={<SampleCard rows={[...patientRows(patients, t), ...sampleRows]} />}
      actions={back}
      pdf={{
        title: t('reports.storedTitle'),
        datasetName: data.dataset_name,
        projectName,
        sample: sampleRows,
        patients,
        concentration: data.concentration_report,
        motility: data.motility_report,
        summaries,
        warnings: [...new Set(warnings)],
      }}
    >
      <Grid size={12}>
        <VideoDetailsTable summaries={summaries} />
      </Grid>
    </ReportBody>
  );
}
