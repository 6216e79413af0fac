import { beforeAll, describe, expect, it } from 'vitest';
import { initBackend } from '../backend.js';
import { generateEllipseSamples } from '../synthetic.js';
import { inputTensor } from './batch.js';
import { predictFrames } from './infer.js';
import { f1Score, matchCentres } from './metrics.js';
import { createHeadDetector } from './model.js';
import type { EpochMetrics } from './train.js';
import { chooseThreshold, THRESHOLD_CANDIDATES, trainHeadDetector } from './train.js';
import { loadWeights, saveWeights } from './weights.js';

beforeAll(async () => {
  await initBackend();
});

const options = { epochs: 5, batchSize: 8, learningRate: 0.02, seed: 3 };

describe('trainHeadDetector', () => {
  it('lowers the loss and reaches a validation F1 an untrained model cannot', async () => {
    const samples = generateEllipseSamples({ count: 24, seed: 7 });
    const untrained = createHeadDetector(undefined, options.seed);
    const before = predictFrames(
      untrained,
      samples.map((s) => ({
        image: Float32Array.from(s.frame.data),
        width: 64,
        height: 64,
        boxes: s.boxes,
      })),
    );
    const untrainedF1 = f1Score(
      before.reduce(
        (sum, p, i) => {
          const c = matchCentres(p, samples[i]?.boxes ?? [], 5);
          return {
            truePositives: sum.truePositives + c.truePositives,
            falsePositives: sum.falsePositives + c.falsePositives,
            falseNegatives: sum.falseNegatives + c.falseNegatives,
          };
        },
        { truePositives: 0, falsePositives: 0, falseNegatives: 0 },
      ),
    );
    untrained.dispose();

    const seen: EpochMetrics[] = [];
    const { model, history, stopped } = await trainHeadDetector(samples, options, (m) => {
      seen.push(m);
    });
    const first = history[0];
    const last = history.at(-1);
    model.dispose();

    expect(stopped).toBe(false);
    expect(seen).toEqual(history);
    expect(history.map((m) => m.epoch)).toEqual([1, 2, 3, 4, 5]);
    expect(untrainedF1).toBeLessThan(0.2);
    expect(last?.loss).toBeLessThan((first?.loss ?? 0) * 0.6);
    expect(last?.valLoss).toBeLessThan(first?.valLoss ?? 0);
    expect(last?.valF1).toBeGreaterThan(0.7);
    expect(last?.f1).toBeGreaterThan(0.7);
    for (const m of history) expect(THRESHOLD_CANDIDATES).toContain(m.threshold);
  });

  it('scores the given held-out frames and trains on every sample', async () => {
    const samples = generateEllipseSamples({ count: 6, seed: 8 });
    const held = generateEllipseSamples({ count: 2, seed: 9 });
    let loaded = 0;
    const source = {
      count: samples.length,
      load: (i: number) => {
        loaded += 1;
        return Promise.resolve(samples[i] ?? samples[0]!);
      },
    };
    const { model, history } = await trainHeadDetector(source, {
      ...options,
      epochs: 1,
      batchSize: 3,
      trainF1Samples: 0,
      validation: held,
    });
    model.dispose();
    // Six loads to train; none to score the training F1 of no samples; the held-out frames
    // come from `validation`, not from the source.
    expect(loaded).toBe(6);
    expect(Number.isFinite(history[0]?.valLoss)).toBe(true);
    expect(history[0]?.valF1).toBeLessThan(1);
  });

  it('counts only the heads and detections in a held-out frame’s scored region', async () => {
    const samples = generateEllipseSamples({ count: 6, seed: 8 });
    const held = generateEllipseSamples({ count: 2, seed: 9 }).map((s) => ({
      ...s,
      scoredRegion: { x1: 0, y1: 0, x2: 0, y2: 0 },
    }));
    const { model, history } = await trainHeadDetector(samples, {
      ...options,
      epochs: 1,
      batchSize: 3,
      validation: held,
    });
    model.dispose();
    // Nothing to find and nothing found in an empty region: a perfect score.
    expect(history[0]?.valF1).toBe(1);
  });

  it('stops after the epoch whose callback answers stop', async () => {
    const samples = generateEllipseSamples({ count: 8, seed: 2 });
    const { model, history, stopped } = await trainHeadDetector(
      samples,
      { ...options, epochs: 10 },
      (m) => (m.epoch === 2 ? 'stop' : undefined),
    );
    model.dispose();
    expect(stopped).toBe(true);
    expect(history).toHaveLength(2);
  });

  it('stops mid-epoch when asked between batches and reports no partial epoch', async () => {
    const samples = generateEllipseSamples({ count: 20, seed: 5 });
    const batches: [number, number, number][] = [];
    const { model, history, stopped } = await trainHeadDetector(samples, {
      ...options,
      batchSize: 4,
      epochs: 5,
      onBatch: (epoch, done, total) => batches.push([epoch, done, total]),
      // 16 training samples in batches of 4: stop after the second batch of epoch 2.
      shouldStop: () => batches.length === 6,
    });
    model.dispose();
    expect(stopped).toBe(true);
    expect(history.map((m) => m.epoch)).toEqual([1]);
    expect(batches).toEqual([
      [1, 1, 4],
      [1, 2, 4],
      [1, 3, 4],
      [1, 4, 4],
      [2, 1, 4],
      [2, 2, 4],
    ]);
  });

  it('repeats exactly for the same seed', async () => {
    const samples = generateEllipseSamples({ count: 8, seed: 4 });
    const run = async (): Promise<number[]> => {
      const { model, history } = await trainHeadDetector(samples, { ...options, epochs: 2 });
      model.dispose();
      return history.map((m) => m.loss);
    };
    expect(await run()).toEqual(await run());
  });

  it('resumes from saved weights at the next epoch', async () => {
    const samples = generateEllipseSamples({ count: 16, seed: 6 });
    let saved: ReturnType<typeof saveWeights> | undefined;
    const first = await trainHeadDetector(samples, { ...options, epochs: 4 }, (m, model) => {
      if (m.epoch === 2) {
        saved = saveWeights(model);
        return 'stop';
      }
      return undefined;
    });
    first.model.dispose();
    expect(saved).toBeDefined();
    if (saved === undefined) return;
    const resumed = await trainHeadDetector(samples, {
      ...options,
      epochs: 4,
      firstEpoch: 3,
      model: loadWeights(saved),
    });
    resumed.model.dispose();
    const scratch = await trainHeadDetector(samples, { ...options, epochs: 1 });
    scratch.model.dispose();
    expect(resumed.history.map((m) => m.epoch)).toEqual([3, 4]);
    // A resumed model starts where the saved one was, not from scratch.
    expect(resumed.history[0]?.valLoss).toBeLessThan((scratch.history[0]?.valLoss ?? 0) * 0.8);
  });
});

describe('inputTensor', () => {
  it('scales and shifts a jittered frame after standardising it, not its padding', () => {
    const frame = { image: Float32Array.from([0, 2, 4]), width: 3, height: 1, boxes: [] };
    const plain = inputTensor([frame]);
    const jittered = inputTensor([{ ...frame, gain: 2, shift: 0.5 }]);
    const p = Array.from(plain.dataSync());
    const j = Array.from(jittered.dataSync());
    plain.dispose();
    jittered.dispose();
    expect(p.length).toBe(4 * 4);
    expect(j.slice(0, 3)).toEqual(p.slice(0, 3).map((v) => v * 2 + 0.5));
    expect(j.slice(3)).toEqual(p.slice(3));
  });
});

describe('chooseThreshold', () => {
  const head = (x: number, y: number) => ({ x1: x - 4, y1: y - 3, x2: x + 4, y2: y + 3 });
  const found = (x: number, y: number, confidence: number) => ({ ...head(x, y), x, y, confidence });
  const frames = [{ boxes: [head(10, 10), head(40, 40)] }, { boxes: [head(20, 30)] }];

  it('drops the weak false peaks: the middle of the thresholds that score best', () => {
    const predictions = [
      [found(10, 10, 0.9), found(40, 40, 0.8), found(60, 20, 0.42)],
      [found(20, 30, 0.75), found(5, 50, 0.41)],
    ];
    // 0.45 to 0.7 keep the three heads and drop both false peaks: six candidates tie.
    expect(chooseThreshold(predictions, frames, 5)).toEqual({ threshold: 0.55, f1: 1 });
  });

  it('keeps a low threshold when the heads themselves are faint', () => {
    const predictions = [
      [found(10, 10, 0.36), found(40, 40, 0.37), found(60, 20, 0.31)],
      [found(20, 30, 0.38)],
    ];
    expect(chooseThreshold(predictions, frames, 5)).toEqual({ threshold: 0.35, f1: 1 });
  });

  it('goes below 0.3 for a network whose heads peak lower still', () => {
    const predictions = [
      [found(10, 10, 0.26), found(40, 40, 0.27), found(60, 20, 0.21)],
      [found(20, 30, 0.28)],
    ];
    expect(chooseThreshold(predictions, frames, 5)).toEqual({ threshold: 0.25, f1: 1 });
  });
});
