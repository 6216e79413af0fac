import { describe, expect, it } from 'vitest';
import { detectionValidationIndices } from './validation-split.js';

describe('detectionValidationIndices', () => {
  it('holds out a fifth of the samples, distinct indices, the same for one seed', () => {
    const held = detectionValidationIndices(20, 0.2, 3);
    expect(held).toHaveLength(4);
    expect(new Set(held).size).toBe(4);
    for (const index of held) expect(index >= 0 && index < 20).toBe(true);
    expect(detectionValidationIndices(20, 0.2, 3)).toEqual(held);
    expect(detectionValidationIndices(20, 0.2, 4)).not.toEqual(held);
  });

  it('holds out nothing from a single sample and one from two', () => {
    expect(detectionValidationIndices(1, 0.2)).toEqual([]);
    expect(detectionValidationIndices(2, 0.2)).toHaveLength(1);
  });
});
