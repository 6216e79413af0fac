import { jsPDF } from 'jspdf';
import { toLatin1, type PdfBlock } from './reportPdf';

const PAGE_HEIGHT = 297;
const MARGIN = 15;
const WIDTH = 210 - 2 * MARGIN;
const BOTTOM = PAGE_HEIGHT - MARGIN;
const LINE = 5;
const BAR_COLORS: readonly (readonly [number, number, number])[] = [
  [46, 125, 50],
  [2, 136, 209],
  [237, 108, 2],
  [158, 158, 158],
];

const LOGO_BOX = { width: 40, height: 20 } as const;

export interface PdfPageOptions {
  /** The footer of each page, e.g. "Page 2 of 3"; no footer when absent. */
  readonly pageLabel?: (page: number, total: number) => string;
  /** Printed at the left of each footer (the sample and version), when given. */
  readonly footer?: string;
}

/**
 * Draws the blocks on A4 pages as real text (Helvetica) and vector shapes. Streams are left
 * uncompressed so the figures can be found in the file as plain strings.
 */
export function writePdf(blocks: readonly PdfBlock[], options: PdfPageOptions = {}): Blob {
  const doc = new jsPDF({ unit: 'mm', format: 'a4', compress: false });
  let y = MARGIN;
  const room = (height: number) => {
    if (y + height <= BOTTOM) return;
    doc.addPage();
    y = MARGIN;
  };
  const lines = (text: string, width: number): string[] =>
    doc.splitTextToSize(toLatin1(text), width) as string[];

  for (const block of blocks) {
    switch (block.kind) {
      case 'letterhead': {
        let logoHeight = 0;
        if (block.logo !== '') {
          const { width, height } = doc.getImageProperties(block.logo);
          const scale = Math.min(LOGO_BOX.width / width, LOGO_BOX.height / height);
          const format = block.logo.startsWith('data:image/png') ? 'PNG' : 'JPEG';
          doc.addImage(
            block.logo,
            format,
            MARGIN + WIDTH - width * scale,
            y,
            width * scale,
            height * scale,
          );
          logoHeight = height * scale;
        }
        const textWidth = block.logo === '' ? WIDTH : WIDTH - LOGO_BOX.width - 4;
        doc.setFont('helvetica', 'bold').setFontSize(14);
        const name = lines(block.name, textWidth);
        doc.text(name, MARGIN, y + 5);
        let textHeight = name.length * 6;
        doc.setFont('helvetica', 'normal').setFontSize(9);
        for (const line of block.lines) {
          const wrapped = lines(line, textWidth);
          doc.text(wrapped, MARGIN, y + textHeight + 4);
          textHeight += wrapped.length * 4;
        }
        y += Math.max(textHeight, logoHeight) + 4;
        doc.setDrawColor(120).line(MARGIN, y - 1, MARGIN + WIDTH, y - 1);
        y += 3;
        break;
      }
      case 'title': {
        doc.setFont('helvetica', 'bold').setFontSize(18);
        doc.text(toLatin1(block.text), MARGIN, y + 6);
        doc.setFont('helvetica', 'normal').setFontSize(10);
        const sub = lines(block.subtitle, WIDTH);
        doc.text(sub, MARGIN, y + 13);
        y += 13 + sub.length * LINE;
        doc.setDrawColor(120).line(MARGIN, y - 2, MARGIN + WIDTH, y - 2);
        y += 2;
        break;
      }
      case 'heading':
        room(16);
        doc.setFont('helvetica', 'bold').setFontSize(12);
        doc.text(toLatin1(block.text), MARGIN, y + 5);
        y += 9;
        break;
      case 'rows':
        doc.setFontSize(10);
        for (const [label, value] of block.rows) {
          const labelWidth = label === '' ? 0 : 70;
          const valueLines = lines(value, WIDTH - labelWidth);
          room(valueLines.length * LINE);
          if (label !== '') {
            doc.setFont('helvetica', 'bold');
            doc.text(toLatin1(label), MARGIN, y + 4);
          }
          doc.setFont('helvetica', 'normal');
          doc.text(valueLines, MARGIN + labelWidth, y + 4);
          y += valueLines.length * LINE;
        }
        y += 2;
        break;
      case 'table': {
        const columns = block.head.length;
        const first = columns > 4 ? 50 : 80;
        const rest = (WIDTH - first) / (columns - 1);
        const x = (i: number) => MARGIN + (i === 0 ? 0 : first + (i - 1) * rest);
        const width = (i: number) => (i === 0 ? first : rest) - 2;
        const drawRow = (cells: readonly string[], bold: boolean) => {
          doc.setFont('helvetica', bold ? 'bold' : 'normal').setFontSize(9);
          const wrapped = cells.map((cell, i) => lines(cell, width(i)));
          const height = Math.max(...wrapped.map((w) => w.length)) * 4 + 2;
          room(height);
          wrapped.forEach((w, i) => doc.text(w, x(i), y + 4));
          y += height;
          doc.setDrawColor(200).line(MARGIN, y - 1, MARGIN + WIDTH, y - 1);
        };
        drawRow(block.head, true);
        for (const row of block.rows) drawRow(row, false);
        y += 3;
        break;
      }
      case 'bars': {
        const barHeight = 6;
        const labelWidth = 45;
        const maxBar = WIDTH - labelWidth - 20;
        room(block.bars.length * (barHeight + 2) + 4);
        doc.setFont('helvetica', 'normal').setFontSize(9);
        block.bars.forEach((bar, i) => {
          const top = y + i * (barHeight + 2);
          const [r, g, b] = BAR_COLORS[i % BAR_COLORS.length] ?? [0, 0, 0];
          doc.text(toLatin1(bar.label), MARGIN, top + 4.5);
          doc.setDrawColor(180).rect(MARGIN + labelWidth, top, maxBar, barHeight, 'S');
          const length = (maxBar * Math.min(100, Math.max(0, bar.percent))) / 100;
          if (length > 0)
            doc.setFillColor(r, g, b).rect(MARGIN + labelWidth, top, length, barHeight, 'F');
          doc.text(`${bar.percent.toFixed(1)} %`, MARGIN + labelWidth + maxBar + 2, top + 4.5);
        });
        y += block.bars.length * (barHeight + 2) + 4;
        break;
      }
    }
  }
  writeFooters(doc, options);
  return doc.output('blob');
}

/** "Page n of N" (and the report's identity) at the foot of every page, once all are drawn. */
function writeFooters(doc: jsPDF, options: PdfPageOptions) {
  const { pageLabel, footer } = options;
  if (pageLabel === undefined && footer === undefined) return;
  const total = doc.getNumberOfPages();
  doc.setFont('helvetica', 'normal').setFontSize(8);
  for (let page = 1; page <= total; page += 1) {
    doc.setPage(page);
    const baseline = PAGE_HEIGHT - MARGIN / 2;
    if (footer !== undefined) doc.text(toLatin1(footer), MARGIN, baseline);
    if (pageLabel !== undefined)
      doc.text(toLatin1(pageLabel(page, total)), MARGIN + WIDTH, baseline, { align: 'right' });
  }
}
