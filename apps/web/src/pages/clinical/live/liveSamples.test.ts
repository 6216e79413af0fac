import type { Dataset } from '@sarm/contracts';
import { describe, expect, it } from 'vitest';
import { samplesNewestFirst } from './liveSamples';

const sample = (id: string, status: Dataset['status'], updatedAt: string) =>
  ({ id, status, updatedAt }) as unknown as Dataset;

describe('samplesNewestFirst', () => {
  it('lists the samples a field can be recorded on, the most recently changed first', () => {
    const listed = samplesNewestFirst([
      sample('old', 'active', '2026-11-30T10:00:00.000Z'),
      sample('archived', 'archived', '2026-12-02T09:00:00.000Z'),
      sample('today', 'draft', '2026-12-02T08:00:00.000Z'),
    ]);
    expect(listed.map((dataset) => dataset.id)).toEqual(['today', 'old']);
  });
});
