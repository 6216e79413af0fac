import type { ConcentrationReport, MotilityReport, VideoSummary } from '@sarm/contracts';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import en from '../../i18n/locales/en.json';
import { writePdf } from './pdfWriter';
import { blockTexts, buildPdfBlocks } from './reportPdf';
import { concentrationUncertaintyRows, motilityUncertaintyRows } from './reportUncertaintyRows';

/** English for the uncertainty texts, the key itself for every other one. */
const translate = (key: string, values: Record<string, unknown> = {}) => {
  const [group, name] = key.split('.');
  const texts: Record<string, Record<string, string>> = { uncertainty: en.uncertainty };
  const text = texts[group ?? '']?.[name ?? ''] ?? key;
  return text.replace(/\{\{(\w+)\}\}/g, (_, field: string) => String(values[field]));
};
const t = translate as unknown as TFunction;

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
  total_sperm_count: 87,
  mean_count_per_frame: 3.2,
  concentration_per_ml: 51_080_000,
  concentration_million_per_ml: 51.08,
  average_velocity: 41.26,
  motility_distribution: distribution,
  progressive_percent: 35.75,
  total_motility_percent: 45.5,
  frames: 60,
  duration_s: 2,
  width: 320,
  height: 240,
  drift: { vx_um_per_s: 0.3, vy_um_per_s: 0.336, speed_um_per_s: 0.45, tracks_used: 12 },
};
const concentration: ConcentrationReport = {
  aggregated_results: {
    mean_concentration_million_per_ml: 51.08,
    overall_classification: 'normal',
    total_sperm_count: 87,
    concentration_ci95: [44.02, 58.91],
    cells_assessed: 143,
    concentration_warning: 'Only 143 independent cells counted',
  },
  analysis_parameters: {
    who_standard: 'WHO 6th edition (2021)',
    required_video_count: 5,
    chamber_specifications: { depth_um: 20, dilution_factor: 1 },
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
    total_sperm_count: 87,
    progressive_percent: 35.75,
    total_motility_percent: 45.5,
    motility_ci95: {
      'Rapid Progressive': [14.02, 30.9],
      'Slow Progressive': [8.6, 23.4],
      'Non Progressive': [4.8, 18.8],
      Immotile: [44, 64.6],
    },
    progressive_ci95: [26.4, 46.3],
    total_motility_ci95: [35.4, 56],
    tracks_assessed: 87,
    motility_warning: 'Only 87 tracks assessed',
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
  datasetName: 'Sample A',
  projectName: 'Clinic',
  sample: [],
  patients: [],
  concentration,
  motility,
  summaries: [summary],
  warnings: [],
};

describe('PDF results with their counting uncertainty', () => {
  it('prints the concentration and every motility figure with its 95 % interval', () => {
    const texts = blockTexts(buildPdfBlocks(input, t));
    for (const expected of [
      '51.1 reports.millionPerMl (95 % CI 44.0–58.9)',
      '21.3 % (95 % CI 14.0–30.9)',
      '54.5 % (95 % CI 44.0–64.6)',
      '35.8 % (95 % CI 26.4–46.3)',
      '45.5 % (95 % CI 35.4–56.0)',
      // The WHO table: concentration and progressive motility with their intervals.
      '51.1 (95 % CI 44.0–58.9)',
      '35.8 (95 % CI 26.4–46.3)',
    ])
      expect(texts).toContain(expected);
  });

  it('writes the intervals into the PDF file itself, in Latin-1', async () => {
    const blob = writePdf(buildPdfBlocks(input, t));
    const text = new TextDecoder('latin1').decode(await blob.arrayBuffer());
    expect(text).toContain('(35.8 % \\(95 % CI 26.4-46.3\\)) Tj');
    expect(text).toContain('(51.1 reports.millionPerMl \\(95 % CI 44.0-58.9\\)) Tj');
    expect(text).toContain('(Stage drift 0.45 \xb5m/s, removed) Tj');
  });

  it('prints the cells and tracks assessed, the drift and both < 200 warnings in the results', () => {
    const texts = blockTexts(buildPdfBlocks(input, t));
    const results = texts.slice(0, texts.indexOf('reports.whoTitle'));
    expect(results).toContain('143 cells assessed');
    expect(results).toContain('87 tracks assessed');
    expect(results).toContain('Stage drift 0.45 µm/s, removed');
    expect(
      results.filter((text) => text.includes('WHO 6th edition asks for at least 200')),
    ).toEqual([
      expect.stringContaining('Only 143 cells'),
      expect.stringContaining('Only 87 tracks'),
    ]);
  });

  it('prints no interval, count or warning for reports saved before they existed', () => {
    const {
      concentration_ci95: _ci,
      cells_assessed: _n,
      concentration_warning: _w,
      ...oldC
    } = concentration.aggregated_results;
    const old = { ...concentration, aggregated_results: oldC };
    expect(concentrationUncertaintyRows(old, t)).toEqual([]);
    const {
      motility_ci95: _m,
      tracks_assessed: _tr,
      motility_warning: _mw,
      ...oldM
    } = motility.aggregated_results;
    const oldMotility = {
      ...motility,
      aggregated_results: oldM,
      video_summaries: [{ ...summary, drift: undefined }],
    };
    expect(motilityUncertaintyRows(oldMotility, t)).toEqual([]);
    const texts = blockTexts(
      buildPdfBlocks({ ...input, concentration: old, motility: oldMotility }, t),
    );
    expect(texts).toContain('51.1 reports.millionPerMl');
    expect(texts.some((text) => text.includes('95 % CI 44.0'))).toBe(false);
  });
});
