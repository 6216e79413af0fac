import { describe, expect, it } from 'vitest';
import {
  blockTexts,
  buildPdfBlocks,
  pdfFooter,
  type PdfReportInput,
  type Translate,
} from '../reports/reportPdf';

const t = ((key: string) => key) as unknown as Translate;

const input: PdfReportInput = {
  title: 'Analysis Report',
  datasetName: 'Demo sample',
  projectName: 'Demo sample',
  sample: [],
  patients: [],
  concentration: null,
  motility: null,
  summaries: [],
  warnings: [],
};

describe('the demo mark of the PDF', () => {
  it('says "not a patient result" under the title and in every page footer of the demo report', () => {
    const texts = blockTexts(buildPdfBlocks({ ...input, demo: true }, t));
    expect(texts.indexOf('demo.pdfMark')).toBe(2);
    expect(pdfFooter({ ...input, demo: true }, t)).toBe('demo.pdfMark · Demo sample');
  });

  it('is absent from any other report', () => {
    expect(blockTexts(buildPdfBlocks(input, t))).not.toContain('demo.pdfMark');
    expect(pdfFooter(input, t)).toBe('Demo sample');
  });
});
