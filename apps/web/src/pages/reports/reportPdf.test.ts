import type {
  ConcentrationReport,
  MotilityReport,
  ReportVersion,
  VideoSummary,
} from '@sarm/contracts';
import { WHO_2021_LIMITS } from '@sarm/contracts';
import { describe, expect, it } from 'vitest';
import { fullBench } from './assessmentFixtures';
import { writePdf } from './pdfWriter';
import {
  blockTexts,
  buildPdfBlocks,
  patientRows,
  pdfFileName,
  reportPatients,
  toLatin1,
  type Translate,
} from './reportPdf';

/** Echoes the key with its options, so the test sees which text went where. */
const echo = (key: string, options?: unknown) =>
  options === undefined ? key : `${key} ${JSON.stringify(options)}`;
const t = echo as unknown as Translate;

const distribution = {
  'Rapid Progressive': 21.25,
  'Slow Progressive': 14.5,
  'Non Progressive': 9.75,
  Immotile: 54.5,
};
const summary: VideoSummary = {
  video_id: 'v1',
  video_name: 'clip-1.mp4',
  analysis_id: 'a1',
  analyzed_at: '2026-01-02T03:04:05.000Z',
  total_sperm_count: 17,
  mean_count_per_frame: 3.2,
  concentration_per_ml: 12_345_000,
  concentration_million_per_ml: 12.345,
  average_velocity: 41.26,
  motility_distribution: distribution,
  progressive_percent: 35.75,
  total_motility_percent: 45.5,
  frames: 60,
  duration_s: 2,
  width: 320,
  height: 240,
};
const concentration: ConcentrationReport = {
  aggregated_results: {
    mean_concentration_million_per_ml: 12.345,
    overall_classification: 'warning',
    total_sperm_count: 17,
  },
  analysis_parameters: {
    who_standard: 'WHO 6th edition (2021)',
    required_video_count: 5,
    chamber_specifications: { depth_um: 20, dilution_factor: 2 },
    formula: 'C = N / V',
    micron_per_pixel: 0.5,
  },
  video_summaries: [summary],
  errors: [],
};
const motility: MotilityReport = {
  aggregated_results: {
    average_velocity: 41.26,
    motility_distribution: distribution,
    total_sperm_count: 17,
    progressive_percent: 35.75,
    total_motility_percent: 45.5,
  },
  analysis_parameters: {
    who_standard: 'WHO 6th edition (2021)',
    frame_size: { width: 320, height: 240 },
    micron_per_pixel: 0.5,
    motility_thresholds: { rapid_progressive: 25, slow_progressive: 5 },
  },
  video_summaries: [summary],
  errors: [],
};
const input = {
  title: 'Analysis Report',
  datasetName: 'Sample A/1',
  projectName: 'Fertility clinic',
  sample: [['Dataset', 'Sample A/1']] as const,
  patients: [{ id: 'p1', name: 'Nguyen Van A', age: 34, contact_number: '0901 234 567' }],
  concentration,
  motility,
  summaries: [summary],
  warnings: ['clip-9: unreadable'],
};

describe('PDF report layout', () => {
  it('holds the title, sample, figures, WHO references, parameters and videos', () => {
    const texts = blockTexts(buildPdfBlocks(input, t));
    expect(texts[0]).toBe('Analysis Report');
    expect(texts[1]).toContain('Sample A/1');
    expect(texts[1]).toContain('Fertility clinic');
    for (const expected of [
      '12.3 reports.millionPerMl',
      'reports.status.warning',
      '21.3 %',
      '14.5 %',
      '9.8 %',
      '54.5 %',
      '35.8 %',
      '45.5 %',
      `≥ ${WHO_2021_LIMITS.concentrationMillionPerMl}`,
      `≥ ${WHO_2021_LIMITS.progressiveMotilityPercent}`,
      `≥ ${WHO_2021_LIMITS.totalMotilityPercent}`,
      '20 µm',
      '2',
      '0.5',
      'C = N / V',
      'clip-1.mp4',
      'clip-9: unreadable',
    ])
      expect(texts).toContain(expected);
    const blocks = buildPdfBlocks(input, t);
    const bars = blocks.find((block) => block.kind === 'bars');
    expect(bars?.kind === 'bars' && bars.bars.map((bar) => bar.percent)).toEqual([
      21.25, 14.5, 9.75, 54.5,
    ]);
  });

  it('prints the patients in the sample section, or says none is linked', () => {
    const blocks = buildPdfBlocks(input, t);
    const sample = blocks[blocks.findIndex((b) => b.kind === 'heading') + 1];
    expect(sample).toEqual({
      kind: 'rows',
      rows: [
        ['reports.patient', 'Nguyen Van A'],
        ['reports.patientAge', '34'],
        ['reports.patientContact', '0901 234 567'],
        ['Dataset', 'Sample A/1'],
      ],
    });
    const none = blockTexts(buildPdfBlocks({ ...input, patients: [] }, t));
    expect(none).toContain('reports.noPatientLinked');
    expect(none).not.toContain('Nguyen Van A');
    expect(patientRows([{ id: 'p2', name: 'B', age: null, contact_number: '' }], t)).toEqual([
      ['reports.patient', 'B'],
      ['reports.patientAge', '-'],
      ['reports.patientContact', '-'],
    ]);
  });

  it('lists each patient of both report halves once', () => {
    const a = { id: 'p1', name: 'A', age: 30, contact_number: '' };
    const b = { id: 'p2', name: 'B', age: null, contact_number: '' };
    expect(reportPatients([a], [a, b], undefined)).toEqual([a, b]);
    expect(reportPatients(undefined, undefined)).toEqual([]);
  });

  it('says when a part is missing and leaves out empty sections', () => {
    const texts = blockTexts(
      buildPdfBlocks(
        { ...input, concentration: null, motility: null, summaries: [], warnings: [] },
        t,
      ),
    );
    expect(texts.filter((text) => text === 'reports.notAvailable')).toHaveLength(2);
    expect(texts).not.toContain('reports.videoDetails');
    expect(texts).not.toContain('reports.warnings');
  });

  it('keeps Latin-1 text and spells out the rest for the built-in font', () => {
    expect(toLatin1('20 µm · Répartition')).toBe('20 µm · Répartition');
    expect(toLatin1('≥ 16')).toBe('>= 16');
    expect(toLatin1('Phân bố di động')).toBe('Phân bo di dong');
  });

  it('names the file after the dataset and the day', () => {
    expect(pdfFileName('Sample A/1', new Date(2026, 0, 5))).toBe(
      'who-report-Sample-A-1-2026-01-05.pdf',
    );
    expect(pdfFileName('///', new Date(2026, 11, 31))).toBe('who-report-dataset-2026-12-31.pdf');
  });

  it('prints the bench rows with method, cells and counter, the interpretation and the signature', async () => {
    const version: ReportVersion = {
      version: 3,
      createdAt: '2026-03-02T09:00:00.000Z',
      createdBy: { id: 'u1', name: 'Ana Lyst' },
      signed: true,
      signedBy: { id: 'u2', name: 'Dr Signer' },
      signedAt: '2026-03-02T10:15:00.000Z',
      signatureMeaning: 'reviewed_and_released',
      amends: null,
      reason: null,
    };
    const signedInput = {
      ...input,
      assessments: fullBench,
      interpretation: { text: 'Oligozoospermia, teratozoospermia.', note: 'Edited by Dr Signer' },
      record: {
        version,
        formatDate: (iso: string) => iso.slice(0, 10),
        dateParts: {
          day: (iso: string) => iso.slice(0, 10),
          time: (iso: string) => iso.slice(11, 16),
        },
      },
    };
    const texts = blockTexts(buildPdfBlocks(signedInput, t));
    for (const expected of [
      'reports.who.vitality',
      'reports.who.normalForms',
      'reports.who.tzi',
      'reports.who.sdi',
      'reports.who.leukocytes',
      'reports.who.agglutination',
      'reports.benchTitle',
      'reports.method.manualCount {"method":"reports.method.names.eosin_nigrosin"}',
      'reports.method.casa',
      'Tech Nguyen · 2026-03-02',
      '400',
      `≥ ${WHO_2021_LIMITS.vitalityPercent}`,
      `≥ ${WHO_2021_LIMITS.normalFormsPercent}`,
      '1.23',
      'reports.interpretation.title',
      'Oligozoospermia, teratozoospermia.',
      'Edited by Dr Signer',
    ])
      expect(texts).toContain(expected);
    const vitality = texts.indexOf('reports.who.vitality');
    // The vitality row's result: 40 % live of 400 cells, with its Wilson interval.
    expect(texts[vitality + 1]).toMatch(/^40\.0 \(/);

    const english = ((key: string, options?: Record<string, unknown>) => {
      if (key === 'reports.versions.signatureLine')
        return `Signed by ${String(options?.name)} on ${String(options?.date)} at ${String(options?.time)} — ${String(options?.meaning)}`;
      if (key === 'reports.versions.meanings.reviewed_and_released') return 'Reviewed and released';
      if (key === 'reports.who.vitality') return 'Vitality (live spermatozoa, %)';
      if (key === 'reports.who.normalForms') return 'Normal forms (%)';
      if (key === 'reports.who.tzi') return 'Teratozoospermia index (TZI)';
      return key;
    }) as unknown as Translate;
    const blob = writePdf(buildPdfBlocks(signedInput, english));
    const pdf = new TextDecoder('latin1').decode(await blob.arrayBuffer());
    expect(pdf).toContain('(Vitality \\(live spermatozoa, %\\)) Tj');
    expect(pdf).toContain('(Normal forms \\(%\\)) Tj');
    expect(pdf).toContain('TZI');
    expect(pdf).toContain('(Oligozoospermia, teratozoospermia.) Tj');
    expect(pdf).toContain(
      '(Signed by Dr Signer on 2026-03-02 at 10:15 - Reviewed and released) Tj',
    );
  });

  it('writes an A4 PDF whose text can be found as plain strings', async () => {
    const blob = writePdf(buildPdfBlocks(input, t));
    const text = new TextDecoder('latin1').decode(await blob.arrayBuffer());
    expect(text.startsWith('%PDF-')).toBe(true);
    expect(text).toMatch(/\/MediaBox \[0 0 595\.\d+ 841\.\d+\]/);
    expect(text).toContain('(12.3 reports.millionPerMl) Tj');
    expect(text).toContain('(35.8 %) Tj');
    expect(text).toContain('(>= 16) Tj');
    expect(text).toContain('(Nguyen Van A) Tj');
  });
});
