import { describe, expect, it } from 'vitest';
import { accuracyPercent, figureOrNa, normalShare, progressColor } from './projectDashboardLogic';

describe('project dashboard figures', () => {
  it('colours completed, active and pending projects', () => {
    expect(progressColor('completed')).toBe('success');
    expect(progressColor('active')).toBe('warning');
    expect(progressColor('pending')).toBe('default');
  });

  it('writes N/A for missing figures and percents with one decimal', () => {
    expect(figureOrNa(null)).toBe('N/A');
    expect(figureOrNa(18.456)).toBe('18.5');
    expect(accuracyPercent(0.9234)).toBe('92.3%');
    expect(accuracyPercent(null)).toBe('N/A');
  });

  it('gives the share of normal analyses, N/A without analyses', () => {
    expect(normalShare(2, 3)).toBe('67%');
    expect(normalShare(0, 0)).toBe('N/A');
  });
});
