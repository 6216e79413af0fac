import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import PrintIcon from '@mui/icons-material/Print';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  GlobalStyles,
  Grid,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableRow,
  Typography,
} from '@mui/material';
import type { ConcentrationReport, CurrentAssessments, MotilityReport } from '@sarm/contracts';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAlerts, useToast } from '../../feedback/feedbackContext';
import { buildPdfBlocks, pdfFileName, pdfFooter, type PdfReportInput } from './reportPdf';
import { PAGE_MARK, PAGES_MARK, pageCounterContent } from './reportRecordPdf';
import { AssessmentAlerts, ConcentrationCard, MotilityCard } from './ReportCards';
import { ParametersCard, WhoTable } from './WhoTable';
import { useIsDemoScreen } from '../demo/useDemo';

/** Printing keeps only the report: no bars, drawers or buttons. */
const printStyles = (
  <GlobalStyles
    styles={{
      '@media print': {
        'header, nav, .MuiDrawer-root, .MuiAppBar-root, .no-print': { display: 'none !important' },
        'main, #root': {
          margin: '0 !important',
          padding: '0 !important',
          width: '100% !important',
        },
        body: { background: '#fff' },
        '.MuiCard-root': { breakInside: 'avoid' },
        '.print-only': { display: 'block !important' },
      },
      '.print-only': { display: 'none' },
    }}
  />
);

/** "Page n of N" in the printed page's bottom margin (Chromium draws @page margin boxes). */
function PrintPageNumbers() {
  const { t } = useTranslation();
  const content = pageCounterContent(
    t('reports.pdf.pageOf', { page: PAGE_MARK, total: PAGES_MARK }),
  );
  return (
    <GlobalStyles styles={`@page { @bottom-right { content: ${content}; font-size: 9pt; } }`} />
  );
}

/** Builds the PDF from the report data (jsPDF is loaded only on the first click) and saves it. */
function DownloadPdfButton({
  input,
  onSaved,
}: {
  readonly input: PdfReportInput;
  readonly onSaved?: () => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const { addAlert } = useAlerts();
  const [busy, setBusy] = useState(false);
  const demo = useIsDemoScreen();
  const download = async () => {
    setBusy(true);
    try {
      const { writePdf } = await import('./pdfWriter');
      const marked = { ...input, demo };
      const blob = writePdf(buildPdfBlocks(marked, t), {
        pageLabel: (page, total) => t('reports.pdf.pageOf', { page, total }),
        footer: pdfFooter(marked, t),
      });
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = pdfFileName(input.datasetName, new Date());
      document.body.appendChild(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      onSaved?.();
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      toast(t('reports.pdf.error', { message }), 'error');
      addAlert({ type: 'error', message: t('reports.pdf.failed') });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="outlined"
      startIcon={<PictureAsPdfIcon />}
      disabled={busy}
      onClick={() => void download()}
    >
      {t('reports.pdf.download')}
    </Button>
  );
}

/** The "Sample information" card: the patients' rows, then the sample's (as the PDF prints them). */
export function SampleCard({ rows }: { readonly rows: readonly (readonly [string, string])[] }) {
  const { t } = useTranslation();
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="h6" gutterBottom>
          {t('reports.sampleTitle')}
        </Typography>
        <Table size="small">
          <TableBody>
            {rows.map(([label, value], index) => (
              // Labels repeat when several patients are listed.
              <TableRow key={`${index}-${label}`}>
                <TableCell sx={{ fontWeight: 600 }}>{label}</TableCell>
                <TableCell>{value}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  );
}

/** The cards, WHO table and parameters shared by the analysis and stored reports. */
export function ReportBody(props: {
  readonly title: string;
  readonly subtitle: string;
  readonly concentration: ConcentrationReport | null;
  readonly motility: MotilityReport | null;
  /** The bench assessments of the version; empty for a fresh analysis. */
  readonly assessments: CurrentAssessments;
  readonly warnings: readonly string[];
  readonly sample: ReactNode;
  readonly actions: ReactNode;
  /** What the Download PDF button writes. */
  readonly pdf: PdfReportInput;
  /** Called once the PDF is saved (the stored report records the download in the audit log). */
  readonly onPdfSaved?: () => void;
  /** The laboratory header, printed above the title (not shown on screen). */
  readonly letterhead?: ReactNode;
  /** Above the figures, not printed: e.g. the offer to re-analyse after the sample changed. */
  readonly notice?: ReactNode;
  /** Right under the WHO table (printed): the interpretation of a stored report. */
  readonly interpretation?: ReactNode;
  readonly children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Box>
      {printStyles}
      <PrintPageNumbers />
      {props.letterhead}
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 2 }}>
        <Box>
          <Typography variant="h4" component="h1">
            {props.title}
          </Typography>
          <Typography color="textSecondary">{props.subtitle}</Typography>
        </Box>
        <Stack direction="row" spacing={1} className="no-print">
          {props.actions}
          <DownloadPdfButton input={props.pdf} onSaved={props.onPdfSaved} />
          <Button variant="contained" startIcon={<PrintIcon />} onClick={() => window.print()}>
            {t('reports.print')}
          </Button>
        </Stack>
      </Stack>
      {props.notice !== undefined && (
        <Box className="no-print" sx={{ mb: 2 }}>
          {props.notice}
        </Box>
      )}
      <AssessmentAlerts concentration={props.concentration} motility={props.motility} />
      {props.warnings.length > 0 && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          <Typography sx={{ fontWeight: 600 }}>{t('reports.warnings')}</Typography>
          <ul style={{ margin: 0, paddingLeft: 20 }}>
            {props.warnings.map((warning) => (
              <li key={warning}>{warning}</li>
            ))}
          </ul>
        </Alert>
      )}
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>
          <ConcentrationCard report={props.concentration} />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <MotilityCard report={props.motility} />
        </Grid>
        <Grid size={12}>
          <WhoTable
            concentration={props.concentration}
            motility={props.motility}
            assessments={props.assessments}
          />
        </Grid>
        {props.interpretation !== undefined && <Grid size={12}>{props.interpretation}</Grid>}
        <Grid size={{ xs: 12, md: 6 }}>
          <ParametersCard concentration={props.concentration} motility={props.motility} />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>{props.sample}</Grid>
        {props.children}
      </Grid>
    </Box>
  );
}
