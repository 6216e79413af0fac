import { describe, expect, it } from 'vitest';
import { describeStall, ProgressWatch } from './stall-watchdog.js';

const options = { minimumSeconds: 120, batchMultiple: 20 };

describe('ProgressWatch', () => {
  it('allows the floor before the first batch and flags silence beyond it', () => {
    const watch = new ProgressWatch(options, 0);
    expect(watch.allowedSeconds()).toBe(120);
    expect(watch.stallAt(120_000)).toBeNull();
    const stall = watch.stallAt(121_000);
    expect(stall).toMatchObject({ silentSeconds: 121, allowedSeconds: 120, position: null });
    if (stall === null) throw new Error('no stall');
    expect(describeStall(stall, options)).toBe(
      'stalled: the trainer reported nothing for 121.0 s before its first batch (allowed 120.0 s: the start-up time); its thread was ended',
    );
  });

  it('gives start-up its own allowance when one is set', () => {
    const watch = new ProgressWatch({ ...options, startupSeconds: 600 }, 0);
    expect(watch.stallAt(590_000)).toBeNull();
    watch.batch({ epoch: 1, done: 1, total: 4 }, 600_000);
    expect(watch.allowedSeconds()).toBe(120);
  });

  it('allows 20 median batch times once batches are slow, and more after an epoch’s last batch', () => {
    const watch = new ProgressWatch(options, 0, 2);
    // Batches of 10 s (one odd one of 100 s does not move the median much).
    const times = [0, 10, 20, 30, 130, 140];
    times.forEach((t, i) => watch.batch({ epoch: 1, done: i + 1, total: 10 }, t * 1000));
    expect(watch.allowedSeconds()).toBe(200);
    expect(watch.stallAt(340_000)).toBeNull();
    expect(watch.stallAt(341_000)?.medianBatchSeconds).toBe(10);
    // The epoch's end also scores two batches of held-out samples.
    watch.batch({ epoch: 1, done: 10, total: 10 }, 150_000);
    expect(watch.allowedSeconds()).toBe(600);
  });

  it('does not count the gap between epochs as a batch time, and any word resets the silence', () => {
    const watch = new ProgressWatch({ minimumSeconds: 1, batchMultiple: 2 }, 0);
    watch.batch({ epoch: 1, done: 1, total: 2 }, 0);
    watch.batch({ epoch: 1, done: 2, total: 2 }, 1000);
    watch.batch({ epoch: 2, done: 1, total: 2 }, 60_000);
    expect(watch.allowedSeconds()).toBe(2);
    watch.heard(61_000);
    expect(watch.stallAt(63_000)).toBeNull();
    expect(watch.stallAt(63_500)?.position).toEqual({ epoch: 2, done: 1, total: 2 });
  });
});
