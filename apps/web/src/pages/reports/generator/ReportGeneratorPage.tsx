import EmailIcon from '@mui/icons-material/Email';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import PrintIcon from '@mui/icons-material/Print';
import SaveIcon from '@mui/icons-material/Save';
import VisibilityIcon from '@mui/icons-material/Visibility';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  GlobalStyles,
  Grid,
  Stack,
  Typography,
} from '@mui/material';
import type {
  ReportPatientInfo,
  ReportSources,
  ReportTemplate,
  SavedReport,
} from '@sarm/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import {
  deleteSavedReport,
  emailReport,
  fetchReportSources,
  fetchReportTemplates,
  fetchSavedReports,
  reportGeneratorKeys,
  saveReport,
} from '../../../api/reportGeneratorApi';
import { useAuth } from '../../../auth/authContext';
import { useConfirm, useToast } from '../../../feedback/feedbackContext';
import { useCan } from '../../admin/common/useCan';
import { EmailReportDialog, type EmailFields } from './EmailReportDialog';
import {
  analysesOfPatient,
  applyTemplate,
  buildReportContent,
  initialTemplate,
  patientInfoOf,
  validateTitle,
  type GeneratorSettings,
  type ReportContent,
} from './reportGeneratorLogic';
import { downloadReportPdf, reportPdfBase64 } from './reportOutput';
import { ReportPreview } from './ReportPreview';
import { ReportSettingsForm, type ReportFormState } from './ReportSettingsForm';
import { SavedReportsList } from './SavedReportsList';

/** Printing shows only the report preview, whatever else is on screen. */
const printStyles = (
  <GlobalStyles
    styles={{
      '.report-print-area': { display: 'none' },
      '@media print': {
        'body *': { visibility: 'hidden' },
        '.report-print-area, .report-print-area *': { visibility: 'visible' },
        '.report-print-area': {
          display: 'block',
          position: 'absolute',
          left: 0,
          top: 0,
          width: '100%',
        },
        body: { background: '#fff' },
      },
    }}
  />
);

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** What a report is made of, whether it is being edited or was saved. */
interface ReportSpec {
  readonly title: string;
  readonly templateId: string | null;
  readonly settings: GeneratorSettings;
  readonly patientId: string | null;
  readonly patientInfo: ReportPatientInfo | null;
  readonly analysisId: string | null;
  readonly reportId: string | null;
}

/** /sarm/reports and /business/reports: the report generator (spec 1 §2.4). */
export function ReportGeneratorPage() {
  const { t } = useTranslation();
  const canGenerate = useCan(['generate_reports']);
  const templates = useQuery({
    queryKey: reportGeneratorKeys.templates,
    queryFn: fetchReportTemplates,
    enabled: canGenerate,
  });
  const sources = useQuery({
    queryKey: reportGeneratorKeys.sources,
    queryFn: fetchReportSources,
    enabled: canGenerate,
  });
  if (!canGenerate) return <Alert severity="warning">{t('reportGenerator.noPermission')}</Alert>;
  const failure = templates.error ?? sources.error;
  if (failure !== null)
    return (
      <Alert severity="error">
        {t('reportGenerator.loadFailed', { message: messageOf(failure) })}
      </Alert>
    );
  if (templates.data === undefined || sources.data === undefined)
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', mt: 6 }}>
        <CircularProgress />
      </Box>
    );
  return <ReportGenerator templates={templates.data} sources={sources.data} />;
}

function ReportGenerator({
  templates,
  sources,
}: {
  readonly templates: readonly ReportTemplate[];
  readonly sources: ReportSources;
}) {
  const { t, i18n } = useTranslation();
  const { user } = useAuth();
  const toast = useToast();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const saved = useQuery({ queryKey: reportGeneratorKeys.saved, queryFn: fetchSavedReports });

  const [form, setForm] = useState<ReportFormState>(() => {
    const preselected = sources.analyses.find((a) => a.id === params.get('analysisId'));
    const template = initialTemplate(templates);
    return {
      title: '',
      templateId: template?.id ?? '',
      patientId: preselected?.patient_id ?? '',
      analysisId: preselected?.id ?? '',
      settings: applyTemplate(template),
    };
  });
  const [titleTouched, setTitleTouched] = useState(false);
  const [previewOpen, setPreviewOpen] = useState(false);
  const [emailing, setEmailing] = useState<ReportSpec | null>(null);
  const [pdfBusy, setPdfBusy] = useState(false);

  const patient = sources.patients.find((p) => p.id === form.patientId);
  const analyses = analysesOfPatient(sources.analyses, form.patientId);
  const titleError = validateTitle(form.title);

  const current: ReportSpec = {
    title: form.title.trim(),
    templateId: form.templateId === '' ? null : form.templateId,
    settings: form.settings,
    patientId: patient?.id ?? null,
    patientInfo: patientInfoOf(patient),
    analysisId: form.analysisId === '' ? null : form.analysisId,
    reportId: null,
  };

  const contentOf = (spec: ReportSpec): ReportContent =>
    buildReportContent(
      {
        title: spec.title,
        generatedAt: new Date(),
        locale: i18n.language,
        templateName: templates.find((template) => template.id === spec.templateId)?.name ?? null,
        settings: spec.settings,
        doctor: user === null ? null : { name: user.displayName, email: user.email },
        patient: spec.patientInfo,
        analysis: sources.analyses.find((a) => a.id === spec.analysisId) ?? null,
      },
      t,
    );
  const thumbnailOf = (spec: ReportSpec) => {
    const analysis = sources.analyses.find((a) => a.id === spec.analysisId);
    return analysis === undefined ? null : `/sarm/media/thumbnail/${analysis.video_id}`;
  };
  const specOfSaved = (report: SavedReport): ReportSpec => ({
    title: report.title,
    templateId: report.templateId,
    settings: report.settings,
    patientId: report.patientId,
    patientInfo:
      report.settings.patientInfo ??
      patientInfoOf(sources.patients.find((p) => p.id === report.patientId)),
    analysisId: report.analysisId,
    reportId: report.id,
  });

  const save = useMutation({
    mutationFn: () =>
      saveReport({
        title: form.title.trim(),
        templateId: form.templateId,
        patientId: current.patientId,
        analysisId: current.analysisId,
        settings: { ...form.settings, patientInfo: current.patientInfo },
      }),
    onSuccess: async () => {
      toast(t('reportGenerator.saved'), 'success');
      await queryClient.invalidateQueries({ queryKey: reportGeneratorKeys.saved });
    },
    onError: (error) =>
      toast(t('reportGenerator.saveFailed', { message: messageOf(error) }), 'error'),
  });

  const requireTitle = () => {
    setTitleTouched(true);
    return titleError === null;
  };

  const download = async (spec: ReportSpec) => {
    setPdfBusy(true);
    try {
      await downloadReportPdf(contentOf(spec));
    } catch (error) {
      toast(t('reportGenerator.pdfFailed', { message: messageOf(error) }), 'error');
    } finally {
      setPdfBusy(false);
    }
  };

  const sendEmail = async (spec: ReportSpec, fields: EmailFields): Promise<boolean> => {
    try {
      const content = contentOf(spec);
      await emailReport({
        recipient: fields.recipient,
        subject: fields.subject.trim() === '' ? undefined : fields.subject.trim(),
        message: fields.message,
        reportTitle: content.header.text,
        analysisId: spec.analysisId,
        patientId: spec.patientId,
        reportId: spec.reportId,
        pdfBase64: await reportPdfBase64(content),
      });
      toast(t('reportGenerator.emailSent', { recipient: fields.recipient }), 'success');
      return true;
    } catch (error) {
      toast(t('reportGenerator.emailFailed', { message: messageOf(error) }), 'error');
      return false;
    }
  };

  const remove = (report: SavedReport) =>
    void confirm({
      title: t('reportGenerator.deleteTitle'),
      message: t('reportGenerator.deleteMessage', { title: report.title }),
      confirmLabel: t('reportGenerator.delete'),
      onConfirm: async () => {
        try {
          await deleteSavedReport(report.id);
          toast(t('reportGenerator.deleted'), 'success');
        } catch (error) {
          toast(t('reportGenerator.deleteFailed', { message: messageOf(error) }), 'error');
        }
        await queryClient.invalidateQueries({ queryKey: reportGeneratorKeys.saved });
      },
    });

  const content = contentOf(current);
  const thumbnail = thumbnailOf(current);

  return (
    <Box>
      {printStyles}
      <Typography variant="h4" component="h1">
        {t('reportGenerator.title')}
      </Typography>
      <Typography color="textSecondary" sx={{ mb: 3 }}>
        {t('reportGenerator.subtitle')}
      </Typography>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, lg: 8 }}>
          <ReportSettingsForm
            state={form}
            titleError={titleTouched && titleError !== null ? t(titleError) : null}
            templates={templates}
            patients={sources.patients}
            analyses={analyses}
            onTitle={(title) => setForm({ ...form, title })}
            onTemplate={(templateId) =>
              setForm({
                ...form,
                templateId,
                settings: applyTemplate(templates.find((template) => template.id === templateId)),
              })
            }
            onPatient={(patientId) => {
              const first = analysesOfPatient(sources.analyses, patientId)[0];
              setForm({
                ...form,
                patientId,
                analysisId: patientId === '' ? '' : (first?.id ?? ''),
              });
            }}
            onAnalysis={(analysisId) => {
              const chosen = sources.analyses.find((a) => a.id === analysisId);
              setForm({
                ...form,
                analysisId,
                patientId: form.patientId === '' ? (chosen?.patient_id ?? '') : form.patientId,
              });
            }}
            onSettings={(settings) => setForm({ ...form, settings })}
          />
          <Stack direction="row" spacing={1} sx={{ mt: 2, flexWrap: 'wrap', rowGap: 1 }}>
            <Button
              variant="outlined"
              startIcon={<VisibilityIcon />}
              onClick={() => setPreviewOpen(true)}
            >
              {t('reportGenerator.previewReport')}
            </Button>
            <Button
              variant="contained"
              startIcon={<SaveIcon />}
              loading={save.isPending}
              disabled={form.templateId === ''}
              onClick={() => {
                if (requireTitle()) save.mutate();
              }}
            >
              {t('reportGenerator.saveReport')}
            </Button>
            <Button
              variant="outlined"
              startIcon={<PictureAsPdfIcon />}
              loading={pdfBusy}
              onClick={() => void download(current)}
            >
              {t('reportGenerator.downloadPdf')}
            </Button>
            <Button variant="outlined" startIcon={<PrintIcon />} onClick={() => window.print()}>
              {t('reportGenerator.print')}
            </Button>
            <Button
              variant="outlined"
              startIcon={<EmailIcon />}
              onClick={() => {
                if (requireTitle()) setEmailing(current);
              }}
            >
              {t('reportGenerator.emailReport')}
            </Button>
          </Stack>
        </Grid>
        <Grid size={{ xs: 12, lg: 4 }}>
          <SavedReportsList
            reports={saved.data ?? []}
            loading={saved.isPending}
            onDownload={(report) => void download(specOfSaved(report))}
            onEmail={(report) => setEmailing(specOfSaved(report))}
            onDelete={remove}
          />
        </Grid>
      </Grid>

      <Dialog open={previewOpen} onClose={() => setPreviewOpen(false)} fullWidth maxWidth="md">
        <DialogTitle>{t('reportGenerator.previewTitle')}</DialogTitle>
        <DialogContent dividers>
          <ReportPreview content={content} thumbnailPath={thumbnail} />
        </DialogContent>
        <DialogActions>
          <Button
            startIcon={<PictureAsPdfIcon />}
            loading={pdfBusy}
            onClick={() => void download(current)}
          >
            {t('reportGenerator.downloadPdf')}
          </Button>
          <Button startIcon={<PrintIcon />} onClick={() => window.print()}>
            {t('reportGenerator.print')}
          </Button>
          <Button variant="contained" onClick={() => setPreviewOpen(false)}>
            {t('reportGenerator.close')}
          </Button>
        </DialogActions>
      </Dialog>

      {emailing !== null && (
        <EmailReportDialog
          reportTitle={contentOf(emailing).header.text}
          onSend={(fields) => sendEmail(emailing, fields)}
          onClose={() => setEmailing(null)}
        />
      )}

      <Box className="report-print-area" aria-hidden>
        <ReportPreview content={content} thumbnailPath={thumbnail} />
      </Box>
    </Box>
  );
}
