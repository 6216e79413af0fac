import type { StoredVideoAnalysis, VideoAnalysisResponse } from '@sarm/contracts';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import '../../i18n';
import { AnalysisSummaryCards } from './AnalysisSummaryCards';

const video: VideoAnalysisResponse['video'] = {
  id: 'v1',
  name: 'field 1',
  datasetId: 'd1',
  width: 640,
  height: 480,
  fps: 50,
  frames: 220,
  duration_s: 5,
};

const analysis: StoredVideoAnalysis = {
  id: 'a1',
  createdAt: '2026-01-01T00:00:00.000Z',
  settings: {},
  concentration: {
    mean_count_per_frame: 30,
    mean_concentration_million_per_ml: 40,
    overall_classification: 'normal',
    total_sperm_count: null,
    field_area_um2: 76800,
    field_volume_nl: 1.5,
    formula: '',
  },
  motility: {
    average_velocity: 30,
    motility_distribution: {
      'Rapid Progressive': 50,
      'Slow Progressive': 15,
      'Non Progressive': 10,
      Immotile: 25,
    },
    progressive_percent: 65,
    total_motility_percent: 75,
    classification: { progressive: 'normal', total: 'normal' },
    track_count: 100,
  },
  tracks: [],
};

const render = (stored: StoredVideoAnalysis) =>
  renderToStaticMarkup(<AnalysisSummaryCards analysis={stored} video={video} />);

describe('analysis summary cards', () => {
  it('shows the dropped frames and marks a field over the limit', () => {
    const html = render({
      ...analysis,
      timing: {
        timing: 'variable',
        dropped_frames: 30,
        dropped_share: 0.12,
        max_gap_s: 0.22,
        max_dropped_share: 0.05,
        dropped_over_limit: true,
      },
    });
    expect(html).toContain('Dropped frames: 30 (12.0 %)');
    expect(html).toContain('More than 5 % of frames dropped');
  });

  it('shows no warning under the limit, and no line for analyses made before timing', () => {
    const under = render({
      ...analysis,
      timing: {
        timing: 'variable',
        dropped_frames: 2,
        dropped_share: 0.008,
        max_gap_s: 0.06,
        max_dropped_share: 0.05,
        dropped_over_limit: false,
      },
    });
    expect(under).toContain('Dropped frames: 2 (0.8 %)');
    expect(under).not.toContain('dropped-frames-warning');
    expect(render(analysis)).not.toContain('dropped-frames');
  });

  it('warns when the heads are far larger than a head at the calibration, and not otherwise', () => {
    const html = render({
      ...analysis,
      calibration_warning: {
        code: 'heads_too_large',
        measured_head_area_um2: 72,
        expected_range_um2: [4, 36],
        um_per_pixel: 1.5,
        suggested_um_per_pixel: 0.55,
        message: 'Detected heads measure about 72 µm²',
      },
    });
    expect(html).toContain('calibration-warning');
    expect(html).toContain('about 72.0 µm², far larger than a sperm head');
    expect(html).toContain('1.5 µm per pixel looks wrong (about 0.55 µm per pixel would fit)');
    expect(render({ ...analysis, calibration_warning: null })).not.toContain('calibration-warning');
    expect(render(analysis)).not.toContain('calibration-warning');
  });

  it('shows the round cells counted apart where they were measured', () => {
    const html = render({
      ...analysis,
      round_cells: {
        mean_count_per_frame: 9.6,
        median_count_per_frame: 10,
        concentration_million_per_ml: 6.25,
        ci95: [5.1, 7.5],
      },
    });
    expect(html).toContain('Round cells apart: 6.25 M/ml (9.6 per field)');
    expect(render(analysis)).not.toContain('round-cells');
  });
});
