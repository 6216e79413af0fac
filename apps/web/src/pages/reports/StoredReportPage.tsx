import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Alert, Button, CircularProgress, Grid, Stack } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { ApiRequestError } from '../../api/client';
import { fetchMyProjects, PROJECTS_QUERY_KEY } from '../../api/projectsApi';
import {
  fetchLetterhead,
  fetchStoredReport,
  LETTERHEAD_KEY,
  recordReportDownload,
  reportKeys,
} from '../../api/reportsApi';
import { fetchReplicates, qcKeys } from '../../api/qualityControlApi';
import { assessmentKeys, fetchSampleAssessments } from '../../api/assessmentsApi';
import { BenchChangedBanner } from './BenchChangedBanner';
import { InterpretationCard } from './InterpretationCard';
import {
  interpretationFigures,
  interpretationNote,
  interpretationView,
  interpretationWords,
} from './interpretationLogic';
import { ReanalyseBanner } from './ReanalyseBanner';
import { ReportBody, SampleCard } from './ReportLayout';
import { analysedRows, fmt, vitalityMotilityConflict } from './reportLogic';
import { DownloadFhirButton, PrintLetterhead } from './ReportRecordParts';
import { methodRows, patientIdentityRows, sampleDetailRows } from './reportRecordPdf';
import { ReportRecordCard, ReportVersionsPanel } from './ReportVersionsPanel';
import { parseVersionParam, reportTitle } from './reportVersionsLogic';
import { VideoDetailsTable } from './WhoTable';

/** /sarm/reports/view/{datasetId}: the report saved for a dataset (spec 1 §2.4). */
export function StoredReportPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { datasetId = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  // No parameter: the latest version. A version once saved reads the same forever.
  const version = parseVersionParam(search.get('version'));
  const report = useQuery({
    queryKey: reportKeys.storedVersion(datasetId, version),
    queryFn: () => fetchStoredReport(datasetId, version),
    retry: false,
  });
  const formatDate = (iso: string) => new Date(iso).toLocaleString();
  const show = (picked: number | undefined) =>
    setSearch(picked === undefined ? {} : { version: String(picked) });
  const projects = useQuery({ queryKey: PROJECTS_QUERY_KEY, queryFn: fetchMyProjects });
  const letterhead = useQuery({ queryKey: LETTERHEAD_KEY, queryFn: fetchLetterhead });
  // WHO: replicate counts of one sample must agree; the report says so when they do not.
  const replicates = useQuery({
    queryKey: qcKeys.replicates(datasetId),
    queryFn: () => fetchReplicates(datasetId),
    retry: false,
  });
  const currentAssessments = useQuery({
    queryKey: assessmentKeys.sample(datasetId),
    queryFn: () => fetchSampleAssessments(datasetId),
    retry: false,
  });
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
  if (replicates.data?.replicates_agree === false) warnings.push(t('qc.replicates.disagree'));
  const conflict = vitalityMotilityConflict(data.motility_report, data.assessments);
  if (conflict !== null)
    warnings.push(
      t('reports.vitalityBelowMotility', {
        vitality: fmt(conflict.vitality),
        motility: fmt(conflict.motility),
      }),
    );
  const interpretation = interpretationView(
    data.interpretation,
    interpretationFigures(
      data.concentration_report,
      data.motility_report,
      data.assessments,
      data.sample.semen_volume_ml ??
        data.concentration_report?.analysis_parameters.semen_volume_ml ??
        null,
    ),
    interpretationWords(t),
  );
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
  const title = reportTitle(data.report_version, t('reports.storedTitle'), t);
  return (
    <ReportBody
      title={title}
      subtitle={`${data.dataset_name} · ${t('reports.versions.versionN', { version: data.report_version.version })}`}
      concentration={data.concentration_report}
      motility={data.motility_report}
      assessments={data.assessments}
      warnings={[...new Set(warnings)]}
      interpretation={
        <InterpretationCard
          datasetId={datasetId}
          view={interpretation}
          latest={version === undefined}
          formatDate={formatDate}
        />
      }
      sample={
        <SampleCard
          rows={[
            ...patientIdentityRows(data.sample, patients, t),
            ...sampleDetailRows(data.sample, t, formatDate),
            ...sampleRows,
            ...methodRows(data.sample, letterhead.data?.software, t),
          ]}
        />
      }
      letterhead={
        letterhead.data === undefined ? undefined : <PrintLetterhead letterhead={letterhead.data} />
      }
      actions={
        <>
          {back}
          {data.report_version.signed && (
            <DownloadFhirButton
              datasetId={datasetId}
              datasetName={data.dataset_name}
              version={data.report_version.version}
            />
          )}
        </>
      }
      notice={
        <Stack spacing={2}>
          {version === undefined && <ReanalyseBanner report={data} />}
          {version === undefined && (
            <BenchChangedBanner
              datasetId={datasetId}
              version={data.assessments}
              current={currentAssessments.data?.current}
            />
          )}
          <ReportVersionsPanel
            datasetId={datasetId}
            shown={data.report_version}
            formatDate={formatDate}
            onShow={show}
          />
        </Stack>
      }
      onPdfSaved={() => void recordReportDownload(datasetId, data.report_version.version)}
      pdf={{
        title,
        record: { version: data.report_version, formatDate },
        letterhead: letterhead.data,
        sampleRecord: data.sample,
        datasetName: data.dataset_name,
        projectName,
        sample: sampleRows,
        patients,
        concentration: data.concentration_report,
        motility: data.motility_report,
        summaries,
        warnings: [...new Set(warnings)],
        assessments: data.assessments,
        interpretation: {
          text: interpretation.text,
          note: interpretationNote(interpretation, t, formatDate),
        },
      }}
    >
      <Grid size={12}>
        <ReportRecordCard version={data.report_version} formatDate={formatDate} />
      </Grid>
      <Grid size={12}>
        <VideoDetailsTable summaries={summaries} />
      </Grid>
    </ReportBody>
  );
}
