import type { AnalysisItem, ReportTemplate } from '@sarm/contracts';
import { describe, expect, it } from 'vitest';
import { writePdf } from '../pdfWriter';
import { blockTexts, type Translate } from '../reportPdf';
import {
  analysesOfPatient,
  applyTemplate,
  buildReportContent,
  bytesToBase64,
  EMPTY_SETTINGS,
  initialTemplate,
  isEmailAddress,
  referenceRows,
  referenceStatus,
  reportBlocks,
  reportFileName,
  toggleSection,
  validateTitle,
  type GeneratorReportInput,
} from './reportGeneratorLogic';

/** Echoes the key with its options, so the test sees which text went where. */
const echo = (key: string, options?: unknown) =>
  options === undefined ? key : `${key} ${JSON.stringify(options)}`;
const t = echo as unknown as Translate;

const template = (name: string, isDefault: boolean, morphology: boolean): ReportTemplate => ({
  id: name,
  name,
  isDefault,
  createdAt: '2026-01-01T00:00:00.000Z',
  defaults: {
    ...EMPTY_SETTINGS,
    includeMorphology: morphology,
    commentText: `${name} comment`,
    recommendationText: `${name} advice`,
  },
});

const analysis: AnalysisItem = {
  id: 'a1b2c3d4e5f6',
  status: 'completed',
  video_id: 'v1',
  video_name: 'sample-01.mp4',
  dataset_id: 'd1',
  dataset_name: 'Sample A',
  patient_id: 'p1',
  patient_name: 'Nguyen Van A',
  created_at: '2026-03-01T10:00:00.000Z',
  concentration_million_per_ml: 12.34,
  total_motility_percent: 55,
  progressive_percent: 32,
  immotile_percent: 45,
  average_velocity: 40.5,
  total_sperm_count: 30,
  tracks_measured: 0,
  morphometry: null,
};

const input = (overrides: Partial<GeneratorReportInput> = {}): GeneratorReportInput => ({
  title: ' March report ',
  generatedAt: new Date('2026-03-02T08:00:00.000Z'),
  locale: 'en',
  templateName: 'Standard WHO Report',
  settings: { ...EMPTY_SETTINGS, commentText: 'Looks fine', recommendationText: '' },
  doctor: { name: 'Dr. Tran', email: 'tran@clinic.test' },
  patient: { name: 'Nguyen Van A', age: 34, contactNumber: '0901' },
  analysis,
  ...overrides,
});

describe('templates', () => {
  it('starts with the default template and applies every toggle and both texts', () => {
    const templates = [template('Brief', false, false), template('Standard', true, true)];
    expect(initialTemplate(templates)?.name).toBe('Standard');
    expect(initialTemplate([template('Only', false, true)])?.name).toBe('Only');
    expect(applyTemplate(templates[0])).toMatchObject({
      includeMorphology: false,
      commentText: 'Brief comment',
      recommendationText: 'Brief advice',
    });
    expect(applyTemplate(undefined)).toEqual(EMPTY_SETTINGS);
    expect(toggleSection(EMPTY_SETTINGS, 'includeImages').includeImages).toBe(false);
  });
});

describe('reference comparison', () => {
  it('marks values at or above the generator reference as normal, below as Below Reference', () => {
    expect(referenceStatus(15, 15)).toBe('normal');
    expect(referenceStatus(14.9, 15)).toBe('below');
    expect(referenceStatus(null, 15)).toBe('unavailable');
    const rows = referenceRows(analysis);
    expect(rows.map((row) => [row.key, row.reference, row.status])).toEqual([
      ['concentration', 15, 'below'],
      ['progressive', 32, 'normal'],
      ['totalMotility', 40, 'normal'],
      ['normalForms', 4, 'unavailable'],
    ]);
    expect(referenceRows(null).every((row) => row.status === 'unavailable')).toBe(true);
  });
});

describe('report content', () => {
  it('shows the real figures of the analysis in the enabled sections', () => {
    const content = buildReportContent(input(), t);
    expect(content.header.text).toBe('March report');
    expect(content.sections.map((section) => section.id)).toEqual([
      'doctor',
      'patient',
      'analysis',
      'concentration',
      'motility',
      'morphology',
      'images',
      'reference',
      'comments',
    ]);
    const texts = blockTexts(reportBlocks(content));
    expect(texts).toContain('12.3 M/ml');
    expect(texts).toContain('32.0 %');
    expect(texts).toContain('55.0 %');
    expect(texts).toContain('reportGenerator.status.below');
    expect(texts).toContain('≥ 15 M/ml');
    expect(texts).toContain('Looks fine');
    expect(texts).toContain('Dr. Tran');
    expect(texts).toContain('34');
  });

  it('leaves out disabled sections and says N/A for morphology without head measurements', () => {
    const content = buildReportContent(
      input({
        settings: {
          ...EMPTY_SETTINGS,
          includeDoctorInfo: false,
          includeMotility: false,
          includeImages: false,
          includeWHOComparison: false,
        },
      }),
      t,
    );
    const ids = content.sections.map((section) => section.id);
    expect(ids).not.toContain('doctor');
    expect(ids).not.toContain('motility');
    expect(ids).not.toContain('reference');
    const morphology = content.sections.find((section) => section.id === 'morphology');
    expect(blockTexts(morphology?.blocks ?? [])).toEqual([
      'reportGenerator.preview.morphologyTitle',
      'reportGenerator.preview.normalForms',
      'reportGenerator.notAvailable',
    ]);
  });

  it('adds head measurements when present and says when no analysis is chosen', () => {
    const measured = buildReportContent(
      input({
        analysis: {
          ...analysis,
          morphometry: {
            area_um2: 12,
            length_um: 4.5,
            width_um: 2.75,
            ellipticity: 1.64,
            perimeter_um: 13,
          },
        },
      }),
      t,
    );
    expect(blockTexts(reportBlocks(measured))).toContain('4.50 µm');
    const empty = buildReportContent(input({ analysis: null, patient: null, title: ' ' }), t);
    const texts = blockTexts(reportBlocks(empty));
    expect(empty.header.text).toBe('reportGenerator.untitled');
    expect(texts).toContain('reportGenerator.noAnalysisSelected');
    expect(texts).toContain('reportGenerator.noPatientSelected');
  });

  it('writes an A4 PDF whose text holds the figures', async () => {
    const blob = writePdf(reportBlocks(buildReportContent(input(), t)));
    const text = new TextDecoder('latin1').decode(await blob.arrayBuffer());
    expect(text.startsWith('%PDF-')).toBe(true);
    expect(text).toContain('12.3 M/ml');
    expect(text).toContain('>= 15 M/ml');
    expect(text).toMatch(/MediaBox \[0 0 595\.2\d* 841\.8\d*\]/);
  });
});

describe('helpers', () => {
  it('filters completed analyses by patient', () => {
    const pending: AnalysisItem = { ...analysis, id: 'v2', status: 'pending' };
    const other: AnalysisItem = { ...analysis, id: 'x', patient_id: 'p2' };
    expect(analysesOfPatient([analysis, pending, other], 'p1').map((a) => a.id)).toEqual([
      analysis.id,
    ]);
    expect(analysesOfPatient([analysis, pending, other], '')).toHaveLength(2);
  });

  it('names files, encodes base64 and validates title and recipient', () => {
    expect(reportFileName('Báo cáo / March', new Date(2026, 2, 5))).toBe(
      'report-Bao-cao-March-2026-03-05.pdf',
    );
    expect(bytesToBase64(new TextEncoder().encode('%PDF-1.4'))).toBe(btoa('%PDF-1.4'));
    expect(validateTitle('  ')).toBe('reportGenerator.titleRequired');
    expect(validateTitle('A')).toBeNull();
    expect(isEmailAddress('a@b.co')).toBe(true);
    expect(isEmailAddress('nope')).toBe(false);
  });
});
