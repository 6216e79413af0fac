/**
 * The real-size cases of the detector benchmark (issue 35): the 200-frame hard label (two hard
 * 640x480 videos of 50 and 80 heads, 100 annotated frames each) trained to 40 epochs with its
 * time, peak memory and held-out F1; and labels of 1,000 and 5,000 annotated frames trained for
 * a bounded number of batches, each in a process of its own, with their peak memory. Frames are
 * streamed from a source that renders each one when loaded, as the server decodes a stored one.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import * as tf from '@tensorflow/tfjs-core';
import { createSimulation } from '@sarm/casa';
import { initBackend } from '../backend.js';
import { detectHeads } from '../detector/infer.js';
import { f1Score, matchCentres } from '../detector/metrics.js';
import type { MatchCounts } from '../detector/metrics.js';
import type { HeadDetectorModel } from '../detector/model.js';
import { splitSizes, trainHeadDetector } from '../detector/train.js';
import { guardWasmHeap, WASM_HEAP_MAX_BYTES, wasmHeapBytes } from '../node/wasm-heap.js';
import type { DetectionSampleSource } from '../types.js';
import {
  HARD_HELD_OUT_VIDEOS,
  HARD_LABEL_VIDEOS,
  hardLabelSource,
  hardVideoParams,
} from './hard-label.js';
import { truthBoxes } from './simulated.js';

/** What the real-size cases run. */
export interface RealSizeOptions {
  /** `--real-size`: train the 200-frame hard label. */
  readonly train: boolean;
  /** Epochs of the 200-frame training (`--epochs N`, 40 by default). */
  readonly epochs: number;
  /** `--memory`: the labels whose peak memory is measured (`--memory-frames 1000,5000`). */
  readonly memoryFrames: readonly number[];
  /** Batches per epoch and epochs of each memory case (`--memory-batches`, `--memory-epochs`). */
  readonly memoryBatches: number;
  readonly memoryEpochs: number;
}

const MB = 1024 * 1024;
const BATCH_SIZE = 16;
const LEARNING_RATE = 0.003;
const RADIUS_PX = 5;
/** Share held out in the memory cases: enough frames to score in chunks, few enough to be quick. */
const MEMORY_VALIDATION_SPLIT = 0.02;

export const REAL_SIZE_USAGE =
  'npm run bench:ml -- --real-size [--epochs N] [--memory] [--memory-frames 1000,5000] ' +
  '[--memory-batches N] [--memory-epochs N]';

/** True when the arguments ask for a real-size case. */
export function wantsRealSize(args: readonly string[]): boolean {
  return (
    args.includes('--real-size') || args.includes('--memory') || args.includes('--memory-case')
  );
}

/** Parses the real-size flags (see {@link REAL_SIZE_USAGE}). */
export function parseRealSizeOptions(args: readonly string[]): RealSizeOptions {
  const value = (flag: string, fallback: number): number => {
    const at = args.indexOf(flag);
    if (at < 0) return fallback;
    const n = Number(args[at + 1]);
    if (!Number.isInteger(n) || n < 1)
      throw new RangeError(`Bad option ${flag}\n${REAL_SIZE_USAGE}`);
    return n;
  };
  const framesAt = args.indexOf('--memory-frames');
  const memoryFrames =
    framesAt >= 0
      ? (args[framesAt + 1] ?? '').split(',').map(Number)
      : args.includes('--memory')
        ? [1000, 5000]
        : [];
  if (memoryFrames.some((n) => !Number.isInteger(n) || n < 20 || n % 2 !== 0)) {
    throw new RangeError(
      `Bad option --memory-frames (even counts of 20 or more)\n${REAL_SIZE_USAGE}`,
    );
  }
  return {
    train: args.includes('--real-size'),
    epochs: value('--epochs', 40),
    memoryFrames,
    memoryBatches: value('--memory-batches', 8),
    memoryEpochs: value('--memory-epochs', 2),
  };
}

/** Peak resident memory of this process so far, MB. */
const peakRssMb = (): number => process.resourceUsage().maxRSS / 1024;
const rssMb = (): number => process.memoryUsage().rss / MB;
const heapMb = (): number => (wasmHeapBytes() ?? Number.NaN) / MB;
const round = (v: number, digits = 1): number => +v.toFixed(digits);

/** Starts the backend with the heap guard the training worker uses; answers the check. */
async function startBackend(): Promise<() => void> {
  const info = await initBackend();
  console.log(`backend ${info.backend}, SIMD ${info.simd}, threads ${info.threads}`);
  return guardWasmHeap(WASM_HEAP_MAX_BYTES) ?? (() => undefined);
}

/** Detection F1 at the radius on every 10th frame of the held-out hard videos. */
function heldOutF1(model: HeadDetectorModel, threshold: number): { f1: number; frames: number } {
  const total: MatchCounts = { truePositives: 0, falsePositives: 0, falseNegatives: 0 };
  let frames = 0;
  for (const video of HARD_HELD_OUT_VIDEOS) {
    const sim = createSimulation(hardVideoParams(video, 100));
    const boxes = truthBoxes(sim, 10);
    for (let i = 0; i < 100; i += 10) {
      const c = matchCentres(
        detectHeads(model, sim.renderFrame(i), threshold),
        boxes.get(i) ?? [],
        RADIUS_PX,
      );
      total.truePositives += c.truePositives;
      total.falsePositives += c.falsePositives;
      total.falseNegatives += c.falseNegatives;
      frames += 1;
    }
  }
  return { f1: f1Score(total), frames };
}

/** The 200-frame hard label trained to `epochs`, with time, peak memory and held-out F1. */
async function trainHardLabel(epochs: number): Promise<void> {
  const checkHeap = await startBackend();
  const source = hardLabelSource(HARD_LABEL_VIDEOS, 100);
  const split = splitSizes(source.count, 0.2);
  console.log(
    `real-size: ${source.count} annotated 640x480 frames of hard videos ` +
      `(${HARD_LABEL_VIDEOS.map((v) => `${v.sperm} heads, seed ${v.seed}`).join('; ')}), ` +
      `${split.training} train / ${split.validation} validation, batch ${BATCH_SIZE}, ${epochs} epochs`,
  );
  const rssBefore = rssMb();
  let best = { valF1: -1, epoch: 0, threshold: 0, weights: [] as Float32Array[] };
  const started = performance.now();
  const { model, history } = await trainHeadDetector(
    source,
    {
      epochs,
      batchSize: BATCH_SIZE,
      learningRate: LEARNING_RATE,
      seed: 1,
      matchRadiusPx: RADIUS_PX,
      shouldStop: () => {
        checkHeap();
        return false;
      },
    },
    (m, current) => {
      console.log(
        `epoch ${m.epoch}/${m.epochs}  ${m.seconds.toFixed(1)} s  loss ${m.loss.toFixed(4)}  ` +
          `val_loss ${m.valLoss.toFixed(4)}  f1 ${m.f1.toFixed(3)}  val_f1 ${m.valF1.toFixed(3)}  ` +
          `rss ${rssMb().toFixed(0)} MB  wasm heap ${heapMb().toFixed(0)} MB`,
      );
      if (m.valF1 > best.valF1) {
        const weights = current.variables.map((v) => Float32Array.from(v.dataSync()));
        best = { valF1: m.valF1, epoch: m.epoch, threshold: m.threshold, weights };
      }
    },
  );
  const seconds = (performance.now() - started) / 1000;
  model.variables.forEach((v, i) => {
    const saved = best.weights[i];
    if (saved !== undefined) v.assign(tf.tensor(saved, v.shape));
  });
  const heldOut = heldOutF1(model, best.threshold);
  model.dispose();
  console.log(
    JSON.stringify(
      {
        case: 'real-size hard label',
        frames: source.count,
        frame_size: '640x480',
        epochs: history.length,
        seconds: round(seconds),
        seconds_per_epoch: round(seconds / Math.max(history.length, 1), 2),
        rss_before_training_mb: round(rssBefore),
        peak_rss_mb: round(peakRssMb()),
        wasm_heap_mb: round(heapMb()),
        best_epoch: best.epoch,
        best_val_f1: round(best.valF1, 4),
        threshold: best.threshold,
        held_out_f1: round(heldOut.f1, 4),
        held_out_frames: heldOut.frames,
        held_out_videos: HARD_HELD_OUT_VIDEOS.map((v) => `${v.sperm} heads, seed ${v.seed}`),
      },
      null,
      2,
    ),
  );
}

/** One memory case, in this process: prints one JSON line of its figures. */
async function memoryCase(frames: number, batches: number, epochs: number): Promise<void> {
  const checkHeap = await startBackend();
  const source: DetectionSampleSource = hardLabelSource(HARD_LABEL_VIDEOS, frames / 2);
  const split = splitSizes(source.count, MEMORY_VALIDATION_SPLIT);
  const rssBefore = rssMb();
  let loads = 0;
  const counted: DetectionSampleSource = {
    count: source.count,
    load: (i) => {
      loads += 1;
      return source.load(i);
    },
  };
  const started = performance.now();
  const { model, history } = await trainHeadDetector(counted, {
    epochs,
    batchSize: BATCH_SIZE,
    batchesPerEpoch: batches,
    learningRate: LEARNING_RATE,
    validationSplit: MEMORY_VALIDATION_SPLIT,
    trainF1Samples: BATCH_SIZE,
    seed: 1,
    shouldStop: () => {
      checkHeap();
      return false;
    },
  });
  model.dispose();
  const result = {
    frames,
    training_frames: split.training,
    validation_frames: split.validation,
    epochs: history.length,
    batches_per_epoch: batches,
    frames_loaded: loads,
    seconds: round((performance.now() - started) / 1000),
    label_pixels_mb: round((frames * 640 * 480) / MB),
    rss_before_training_mb: round(rssBefore),
    peak_rss_mb: round(peakRssMb()),
    wasm_heap_mb: round(heapMb()),
    final_loss: round(history.at(-1)?.loss ?? Number.NaN, 4),
  };
  console.log(`MEMORY-CASE ${JSON.stringify(result)}`);
}

/** Runs each memory case in a child process of its own, so each peak is its own. */
function memoryCases(o: RealSizeOptions): void {
  const script = fileURLToPath(new URL('./run.js', import.meta.url));
  const results: unknown[] = [];
  for (const frames of o.memoryFrames) {
    console.log(
      `memory case: ${frames} annotated 640x480 frames (${o.memoryEpochs} epochs of ${o.memoryBatches} batches)`,
    );
    const child = spawnSync(
      process.execPath,
      [
        script,
        '--memory-case',
        String(frames),
        '--memory-batches',
        String(o.memoryBatches),
        '--memory-epochs',
        String(o.memoryEpochs),
      ],
      { encoding: 'utf8', maxBuffer: 64 * MB },
    );
    const line = child.stdout.split('\n').find((l) => l.startsWith('MEMORY-CASE '));
    if (child.status !== 0 || line === undefined) {
      throw new Error(`memory case ${frames} failed (${child.status}): ${child.stderr}`);
    }
    const result: unknown = JSON.parse(line.slice('MEMORY-CASE '.length));
    console.log(JSON.stringify(result));
    results.push(result);
  }
  console.log(JSON.stringify({ case: 'memory, streamed label', results }, null, 2));
}

/** Entry of the real-size cases (see {@link REAL_SIZE_USAGE}). */
export async function runRealSizeBench(args: readonly string[]): Promise<void> {
  const caseAt = args.indexOf('--memory-case');
  const o = parseRealSizeOptions(args);
  if (caseAt >= 0) {
    await memoryCase(Number(args[caseAt + 1]), o.memoryBatches, o.memoryEpochs);
    return;
  }
  if (o.train) await trainHardLabel(o.epochs);
  if (o.memoryFrames.length > 0) memoryCases(o);
}
