/**
 * The real dense crops section of the detector benchmark (issue 35): for each ordered pair (A, B)
 * of hand-marked pictures in a folder, the head detector is trained on A (overlapping tiles of
 * its right part, each marked centre a fixed head box; a strip at its left held out to keep the
 * best epoch and choose the threshold) and scored on all of B at a 5 px radius, one to one.
 *
 * The strip is scored inside the whole picture (`scoredRegion`): the network standardises a frame
 * by its own mean and deviation, and a strip alone (or a tile) has another deviation than the whole
 * picture with its dark field-stop corner, so a threshold chosen on the strip alone does not fit a
 * whole picture. Heads of the part that trains are context there, never counted. The epoch kept
 * is the one of the best strip F1 (the held-out loss covers the whole picture, trained part too).
 */
import type { HeadPoint, HeadScore } from '@sarm/casa';
import type { FrameIndex } from '@sarm/casa';
import { frameIndex, resolveSettings, scoreHeadPositions } from '@sarm/casa';
import { listMarkedMedia, readMarkedFrames } from '@sarm/casa/node';
import { initBackend } from '../backend.js';
import { DEFAULT_AUGMENT } from '../detector/augment.js';
import { detectHeads } from '../detector/infer.js';
import type {
  HeadDetectorArchitecture,
  HeadDetectorModel,
  HeadDetectorNormalisation,
  HeadDetectorStride,
} from '../detector/model.js';
import {
  DEFAULT_ARCHITECTURE,
  DENSE_SAMPLE_ARCHITECTURE,
  HEAD_DETECTOR_NORMALISATIONS,
} from '../detector/model.js';
import { THRESHOLD_CANDIDATES, trainHeadDetector } from '../detector/train.js';
import type { SavedHeadDetector } from '../detector/weights.js';
import { loadWeights, saveWeights } from '../detector/weights.js';
import { OnnxHeadDetector } from '../node/onnx-head-detector.js';
import type { DetectionSample } from '../types.js';
import { cropSample, tileSample } from './tiles.js';

/** What the section runs. */
export interface RealCropsOptions {
  /** The folder of marked pictures (`--real-dir`). */
  readonly dir: string;
  readonly epochs: number;
  /** Output channels of the convolutions (`--channels 8,16,16`). */
  readonly channels: readonly number[];
  /** Input pixels per output cell (`--stride 2|4`). */
  readonly stride: HeadDetectorStride;
  /** Channels of the context branch at twice the stride (`--context C1,C2,...`); none if empty. */
  readonly context: readonly number[];
  /** How frames are standardised (`--normalise frame|local`). */
  readonly normalisation: HeadDetectorNormalisation;
  readonly learningRate: number;
  readonly seed: number;
  /** Side of the square training tiles, pixels (`--tile`). */
  readonly tile: number;
  /** Radius of a head's target heat peak, output cells (`--sigma`). */
  readonly sigmaCells: number;
  /** Chance of a field stop darkening a training tile (`--field-stop`; see augment.ts). */
  readonly fieldStopChance: number;
  /** Jitter of the standardised tiles (`--jitter`; see augment.ts). */
  readonly jitter: number;
}

/** Side of a marked head's box, pixels: only centres are marked, heads are 8 to 12 px long. */
export const HEAD_BOX_PX = 10;
/**
 * Columns at the left of the training picture held out for validation: a strip from top to
 * bottom (a strip of rows would put the field stop of the crops' top corners all on one side).
 */
const HOLD_OUT_COLUMNS = 128;
const TILE_STEP_PX = 32;
const RADIUS_PX = 5;

const DEFAULT_DIR = new URL('../../../../../shared/data/real/dense-crops', import.meta.url)
  .pathname;

export const REAL_CROPS_USAGE =
  'npm run bench:ml -- --real-crops [--real-dir DIR] [--epochs N] [--dense] [--channels C1,C2,...] ' +
  '[--stride 2|4] [--context C1,...|0] [--normalise frame|local] [--lr RATE] [--seed N] [--tile PX] [--sigma CELLS] [--field-stop CHANCE] [--jitter S]';

/** True when the arguments ask for the real crops section. */
export function wantsRealCrops(args: readonly string[]): boolean {
  return args.includes('--real-crops');
}

/** Parses the section's flags (see {@link REAL_CROPS_USAGE}). */
export function parseRealCropsOptions(args: readonly string[]): RealCropsOptions {
  const flag = (name: string): string | undefined => {
    const at = args.indexOf(name);
    return at < 0 ? undefined : (args[at + 1] ?? '');
  };
  const number = (name: string, fallback: number): number => {
    const text = flag(name);
    const value = Number(text);
    if (text === undefined) return fallback;
    if (text === '' || !Number.isFinite(value) || value <= 0) {
      throw new RangeError(`Bad option ${name} ${text}\n${REAL_CROPS_USAGE}`);
    }
    return value;
  };
  // `--dense`: DENSE_SAMPLE_ARCHITECTURE's network, each part still changeable by its flag.
  const base = args.includes('--dense') ? DENSE_SAMPLE_ARCHITECTURE : DEFAULT_ARCHITECTURE;
  const channelsText = flag('--channels');
  const channels = channelsText === undefined ? base.channels : channelsText.split(',').map(Number);
  if (channels.length < 2 || channels.some((c) => !Number.isInteger(c) || c < 1 || c > 64)) {
    throw new RangeError(`Bad option --channels ${channelsText ?? ''}\n${REAL_CROPS_USAGE}`);
  }
  const stride = number('--stride', base.stride);
  if (stride !== 2 && stride !== 4) {
    throw new RangeError(`Bad option --stride ${stride}\n${REAL_CROPS_USAGE}`);
  }
  const contextText = flag('--context');
  const context =
    contextText === undefined
      ? (base.context ?? [])
      : contextText
          .split(',')
          .map(Number)
          .filter((c) => c !== 0);
  if (context.some((c) => !Number.isInteger(c) || c < 1 || c > 64)) {
    throw new RangeError(`Bad option --context ${contextText ?? ''}\n${REAL_CROPS_USAGE}`);
  }
  const normalisationText = flag('--normalise') ?? base.normalisation ?? 'frame';
  const normalisation = HEAD_DETECTOR_NORMALISATIONS.find((n) => n === normalisationText);
  if (normalisation === undefined) {
    throw new RangeError(`Bad option --normalise ${normalisationText}\n${REAL_CROPS_USAGE}`);
  }
  return {
    dir: flag('--real-dir') ?? DEFAULT_DIR,
    normalisation,
    context,
    epochs: Math.round(number('--epochs', 40)),
    channels,
    stride,
    learningRate: number('--lr', 0.003),
    seed: Math.round(number('--seed', 1)),
    tile: Math.round(number('--tile', 128)),
    sigmaCells: number('--sigma', 1),
    fieldStopChance: flag('--field-stop') === '0' ? 0 : number('--field-stop', 0.5),
    jitter: flag('--jitter') === '0' ? 0 : number('--jitter', 0),
  };
}

/** A marked picture as a training sample: each centre a {@link HEAD_BOX_PX} box. */
export function markedSample(
  frame: { width: number; height: number; data: Uint8Array },
  heads: readonly HeadPoint[],
): DetectionSample {
  const half = HEAD_BOX_PX / 2;
  return {
    frame: { width: frame.width, height: frame.height, data: frame.data },
    boxes: heads.map((h) => ({ x1: h.x - half, y1: h.y - half, x2: h.x + half, y2: h.y + half })),
  };
}

/**
 * The training tiles (`tile` pixels square, overlapping, right of the held-out strip) and the
 * picture whose held-out strip (the left {@link HOLD_OUT_COLUMNS} columns) is scored.
 */
export function splitPicture(
  sample: DetectionSample,
  tile: number,
): {
  training: DetectionSample[];
  validation: DetectionSample;
} {
  const { width, height } = sample.frame;
  const rest = width - HOLD_OUT_COLUMNS;
  const right = cropSample(sample, { left: HOLD_OUT_COLUMNS, top: 0, width: rest, height });
  return {
    training: tileSample(right, Math.min(tile, rest, height), TILE_STEP_PX),
    validation: { ...sample, scoredRegion: { x1: 0, y1: 0, x2: HOLD_OUT_COLUMNS, y2: height } },
  };
}

/** The weights of the epoch with the best held-out F1 so far. */
interface KeptEpoch {
  readonly saved: SavedHeadDetector;
  readonly valF1: number;
  readonly epoch: number;
}

/** One direction's figures. */
interface DirectionResult extends HeadScore {
  readonly trainedOn: string;
  readonly scoredOn: string;
  readonly bestEpoch: number;
  readonly threshold: number;
  readonly valF1: number;
  readonly seconds: number;
  /** Wall time of one 640 x 480 frame through the TensorFlow.js and ONNX detectors, ms. */
  readonly inferenceMs: { readonly tfjs: number; readonly onnx: number };
}

/** A 640 x 480 frame of varied grey levels, for timing. */
function timingFrame(): { index: FrameIndex; width: number; height: number; data: Uint8Array } {
  const data = new Uint8Array(640 * 480);
  for (let i = 0; i < data.length; i += 1) data[i] = (i * 7919) % 251;
  return { index: frameIndex(0), width: 640, height: 480, data };
}

/** Median wall time of five runs after a warm-up, ms. */
async function medianMs(run: () => unknown): Promise<number> {
  await run();
  const times: number[] = [];
  for (let i = 0; i < 5; i += 1) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b)[2] ?? Number.NaN;
}

/** Wall time of a 640 x 480 frame through TensorFlow.js (WASM) and ONNX Runtime, ms. */
async function inferenceMsPerFrame(
  model: HeadDetectorModel,
  saved: SavedHeadDetector,
): Promise<{ tfjs: number; onnx: number }> {
  const frame = timingFrame();
  const tfjs = await medianMs(() => detectHeads(model, frame));
  const onnxDetector = await OnnxHeadDetector.open(saved, { workers: 0 });
  const settings = resolveSettings();
  const onnx = await medianMs(() => onnxDetector.detect(frame, settings));
  await onnxDetector.release();
  return { tfjs, onnx };
}

/** Trains on one picture and scores on another. */
async function trainAndScore(
  a: { name: string; sample: DetectionSample },
  b: { name: string; sample: DetectionSample; heads: readonly HeadPoint[] },
  o: RealCropsOptions,
): Promise<DirectionResult> {
  const started = performance.now();
  const { training, validation } = splitPicture(a.sample, o.tile);
  const architecture: HeadDetectorArchitecture = {
    ...DEFAULT_ARCHITECTURE,
    channels: o.channels,
    stride: o.stride,
    normalisation: o.normalisation,
    ...(o.context.length > 0 ? { context: o.context } : {}),
  };
  const best: { kept: KeptEpoch | null } = { kept: null };
  const result = await trainHeadDetector(
    training,
    {
      epochs: o.epochs,
      learningRate: o.learningRate,
      seed: o.seed,
      architecture,
      heatSigmaCells: o.sigmaCells,
      augment: {
        ...DEFAULT_AUGMENT,
        fieldStopChance: o.fieldStopChance,
        standardisedJitter: o.jitter,
      },
      validation: [validation],
      // The training tiles' F1 is printed, not used: a few tiles tell the trend.
      trainF1Samples: 16,
    },
    (metrics, model) => {
      if (best.kept === null || metrics.valF1 > best.kept.valF1) {
        const saved = saveWeights(model, metrics.threshold);
        best.kept = { saved, valF1: metrics.valF1, epoch: metrics.epoch };
      }
      if (metrics.epoch % 10 === 0) {
        console.log(
          `  epoch ${metrics.epoch}: loss ${metrics.loss.toFixed(4)} val ${metrics.valLoss.toFixed(4)} ` +
            `val F1 ${metrics.valF1.toFixed(3)} (threshold ${metrics.threshold})`,
        );
      }
    },
  );
  result.model.dispose();
  const { kept } = best;
  if (kept === null) throw new Error('No epoch was kept');
  const model = loadWeights(kept.saved);
  const found = detectHeads(model, b.sample.frame);
  // Not used to choose anything: how much of the gap is the threshold the strip chose.
  const lowest = detectHeads(model, b.sample.frame, THRESHOLD_CANDIDATES[0]);
  const byThreshold = THRESHOLD_CANDIDATES.map((t) => {
    const above = lowest.filter((p) => p.confidence >= t);
    return `${t}:${scoreHeadPositions(b.heads, above, RADIUS_PX).f1.toFixed(3)}`;
  });
  console.log(`  F1 on ${b.name} by threshold (not used): ${byThreshold.join(' ')}`);
  const inferenceMs = await inferenceMsPerFrame(model, kept.saved);
  model.dispose();
  return {
    trainedOn: a.name,
    scoredOn: b.name,
    bestEpoch: kept.epoch,
    threshold: kept.saved.architecture.threshold ?? Number.NaN,
    valF1: kept.valF1,
    seconds: (performance.now() - started) / 1000,
    inferenceMs,
    ...scoreHeadPositions(b.heads, found, RADIUS_PX),
  };
}

/** Runs the section and prints one line per direction. */
export async function runRealCropsBench(args: readonly string[]): Promise<void> {
  const o = parseRealCropsOptions(args);
  await initBackend();
  const pictures: { name: string; sample: DetectionSample; heads: readonly HeadPoint[] }[] = [];
  for (const media of await listMarkedMedia(o.dir)) {
    if (media.isVideo) continue;
    for await (const { frame, heads } of readMarkedFrames(media)) {
      pictures.push({ name: media.name, sample: markedSample(frame, heads), heads });
    }
  }
  if (pictures.length < 2) throw new Error(`Fewer than two marked pictures in ${o.dir}`);
  console.log(
    `Real crops (${o.dir}): channels ${o.channels.join(',')}, stride ${o.stride}, ` +
      `context ${o.context.join(',') || 'none'}, ${o.normalisation} normalisation, ` +
      `${o.epochs} epochs, lr ${o.learningRate}, seed ${o.seed}, tiles ${o.tile} px, ` +
      `heat sigma ${o.sigmaCells} cells, field stop ${o.fieldStopChance}, jitter ${o.jitter}, ${RADIUS_PX} px`,
  );
  const results: DirectionResult[] = [];
  for (const a of pictures) {
    for (const b of pictures) {
      if (a === b) continue;
      const r = await trainAndScore(a, b, o);
      results.push(r);
      console.log(formatDirection(r));
    }
  }
  const mean = results.reduce((sum, r) => sum + r.f1, 0) / results.length;
  console.log(`mean F1 ${mean.toFixed(3)}`);
}

function formatDirection(r: DirectionResult): string {
  return (
    `${r.trainedOn} -> ${r.scoredOn}: F1 ${r.f1.toFixed(3)} P ${r.precision.toFixed(3)} ` +
    `R ${r.recall.toFixed(3)} (marked ${r.marked}, found ${r.found}); best epoch ${r.bestEpoch}, ` +
    `threshold ${r.threshold}, held-out strip F1 ${r.valF1.toFixed(3)}; ${r.seconds.toFixed(0)} s, ` +
    `${r.inferenceMs.tfjs.toFixed(1)} ms (ONNX ${r.inferenceMs.onnx.toFixed(1)} ms) a 640 x 480 frame`
  );
}
