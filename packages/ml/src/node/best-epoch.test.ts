import { describe, expect, it } from 'vitest';
import { BestEpoch } from './best-epoch.js';

const metrics = (epoch: number, loss: number, valLoss: number) => ({ epoch, loss, valLoss });

describe('BestEpoch', () => {
  it('keeps the epoch with the lowest validation loss', () => {
    const best = new BestEpoch<string>();
    expect(best.offer(metrics(1, 0.9, 0.5), 'one')).toBe(true);
    expect(best.offer(metrics(2, 0.1, 0.6), 'two')).toBe(false);
    expect(best.offer(metrics(3, 0.8, 0.4), 'three')).toBe(true);
    expect([best.epoch, best.saved]).toEqual([3, 'three']);
  });

  it('judges by the training loss when nothing is held out, and never picks a NaN loss', () => {
    const best = new BestEpoch<string>();
    expect(best.offer(metrics(1, Number.NaN, Number.NaN), 'diverged')).toBe(false);
    expect(best.offer(metrics(2, 0.7, Number.NaN), 'two')).toBe(true);
    expect(best.offer(metrics(3, 0.9, Number.NaN), 'three')).toBe(false);
    expect([best.epoch, best.saved]).toEqual([2, 'two']);
  });
});
