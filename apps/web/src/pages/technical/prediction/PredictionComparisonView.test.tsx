import type { PredictionComparison } from '@sarm/contracts';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadTechnicalTexts } from '../../../i18n';
import { PredictionComparisonView } from './PredictionComparisonView';

const agreement = {
  true_positives: 20,
  false_positives: 1,
  false_negatives: 4,
  precision: 20 / 21,
  recall: 20 / 24,
  f1: 40 / 45,
};
const comparison: PredictionComparison = {
  match_radius_px: 5,
  frames: 4,
  model: { mean_heads_per_frame: 5.25, total_detections: 21, per_frame_counts: [5, 6, 5, 5] },
  classical: { mean_heads_per_frame: 6, total_detections: 24, per_frame_counts: [6, 6, 6, 6] },
  agreement,
  annotated: null,
};

beforeAll(async () => {
  await loadTechnicalTexts();
});

describe('PredictionComparisonView', () => {
  it('puts the trained model and the classical detector side by side, agreement not accuracy', () => {
    const html = renderToStaticMarkup(<PredictionComparisonView comparison={comparison} />);
    expect(html).toContain('Trained model');
    expect(html).toContain('Classical detector');
    expect(html).toContain('5.3');
    expect(html).toContain('6.0');
    expect(html).toContain('0.889');
    expect(html).toContain('agreement, not accuracy');
    expect(html).toContain('differ on 3 of 4 frames');
    expect(html).toContain('No frame of this video is in a detection data label');
  });

  it('states the hand-annotated frames both detectors were scored on', () => {
    const annotated = {
      frame_numbers: [0, 2],
      annotated_heads: 12,
      model: agreement,
      classical: agreement,
    };
    const html = renderToStaticMarkup(
      <PredictionComparisonView comparison={{ ...comparison, annotated }} />,
    );
    expect(html).toContain('F1 vs hand annotations');
    expect(html).toContain('hand annotations of 2 frames (12 heads) within 5 px');
    expect(html).not.toContain('No frame of this video');
  });
});
