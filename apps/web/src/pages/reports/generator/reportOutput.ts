import {
  bytesToBase64,
  reportBlocks,
  reportFileName,
  type ReportContent,
} from './reportGeneratorLogic';

/** Writes the report as an A4 PDF with selectable text; jsPDF is loaded on first use. */
export async function createReportPdf(content: ReportContent): Promise<Blob> {
  const { writePdf } = await import('../pdfWriter');
  return writePdf(reportBlocks(content));
}

/** Saves the report's PDF through a temporary download link. */
export async function downloadReportPdf(content: ReportContent): Promise<void> {
  const blob = await createReportPdf(content);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = reportFileName(content.header.text, new Date());
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The report's PDF as base64, for the e-mail request. */
export async function reportPdfBase64(content: ReportContent): Promise<string> {
  const blob = await createReportPdf(content);
  return bytesToBase64(new Uint8Array(await blob.arrayBuffer()));
}
