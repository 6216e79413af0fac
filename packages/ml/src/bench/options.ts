/** Command-line options of the detector benchmark (`--quick`, `--epochs N`, ...). */
import type { HeadDetectorStride } from '../detector/model.js';
import { DEFAULT_ARCHITECTURE } from '../detector/model.js';

/** What one run of the detector benchmark does. */
export interface DetectorBenchOptions {
  /** Most training epochs (training may stop earlier, see `patience`). */
  readonly epochs: number;
  /** Epochs without a better validation F1 before training stops; 0 never stops early. */
  readonly patience: number;
  /** Frames taken from each of the three training videos (every 10th frame). */
  readonly trainFrames: number;
  /** Frames scored per evaluation video (every 10th frame). */
  readonly evalFrames: number;
  /** 640x480 frames timed for the inference speed. */
  readonly speedFrames: number;
  /** A detection within this many pixels of a true head centre finds it. */
  readonly radiusPx: number;
  /** Seeds per seed set (tuning and held-out) each case is evaluated on, 1 to 3. */
  readonly seedsPerSet: number;
  /** Output channels of the network's convolutions (`--channels 4,8,8`). */
  readonly channels: readonly number[];
  /** Input pixels per output cell of the network (`--stride 2|4`). */
  readonly stride: HeadDetectorStride;
  /** Where to write the trained model as a SARM model file (`--save-model FILE`), if anywhere. */
  readonly saveModel: string | null;
}

export const DEFAULT_BENCH_OPTIONS: DetectorBenchOptions = {
  epochs: 40,
  patience: 10,
  trainFrames: 8,
  evalFrames: 4,
  speedFrames: 20,
  radiusPx: 5,
  seedsPerSet: 3,
  channels: DEFAULT_ARCHITECTURE.channels,
  stride: DEFAULT_ARCHITECTURE.stride,
  saveModel: null,
};

/** A smoke run: a few epochs and frames, one seed per set. */
const QUICK_OPTIONS: DetectorBenchOptions = {
  epochs: 6,
  patience: 0,
  trainFrames: 3,
  evalFrames: 2,
  speedFrames: 6,
  radiusPx: 5,
  seedsPerSet: 1,
  channels: DEFAULT_ARCHITECTURE.channels,
  stride: DEFAULT_ARCHITECTURE.stride,
  saveModel: null,
};

type NumericOption = Exclude<keyof DetectorBenchOptions, 'channels' | 'saveModel' | 'stride'>;

const FLAGS: Record<string, NumericOption> = {
  '--epochs': 'epochs',
  '--patience': 'patience',
  '--train-frames': 'trainFrames',
  '--eval-frames': 'evalFrames',
  '--speed-frames': 'speedFrames',
  '--radius': 'radiusPx',
  '--seeds': 'seedsPerSet',
};

export const USAGE =
  'Usage: npm run bench -w packages/ml -- [--quick] [--epochs N] [--patience N] ' +
  '[--train-frames N] [--eval-frames N] [--speed-frames N] [--radius PX] [--seeds 1-3]\n' +
  '       [--channels C1,C2,...] [--stride 2|4] [--save-model FILE.zip]\n' +
  '       npm run bench -w packages/ml -- <epochs> [videos] [sim|ellipses]   (training bench)';

/** Parses the flags; `--quick` sets the smoke defaults, later flags override them. */
export function parseBenchOptions(args: readonly string[]): DetectorBenchOptions {
  const base = args.includes('--quick') ? QUICK_OPTIONS : DEFAULT_BENCH_OPTIONS;
  const { channels: baseChannels, stride: baseStride, saveModel: baseSave, ...numbers } = base;
  const options: Record<NumericOption, number> = { ...numbers };
  let channels = baseChannels;
  let stride = baseStride;
  let saveModel = baseSave;
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i] ?? '';
    if (arg === '--quick') continue;
    if (arg === '--stride') {
      const value = args[i + 1];
      if (value !== '2' && value !== '4') throw new RangeError(`Bad option --stride\n${USAGE}`);
      stride = value === '2' ? 2 : 4;
      i += 1;
      continue;
    }
    if (arg === '--channels' || arg === '--save-model') {
      const text = args[i + 1] ?? '';
      if (arg === '--channels') channels = parseChannels(text);
      else if (text === '') throw new RangeError(`Bad option ${arg}\n${USAGE}`);
      else saveModel = text;
      i += 1;
      continue;
    }
    const key = FLAGS[arg];
    const value = Number(args[i + 1]);
    if (key === undefined || !Number.isFinite(value) || value < 0) {
      throw new RangeError(`Bad option ${arg} ${args[i + 1] ?? ''}\n${USAGE}`);
    }
    options[key] = value;
    i += 1;
  }
  options.seedsPerSet = Math.min(3, Math.max(1, Math.round(options.seedsPerSet)));
  return { ...options, channels, stride, saveModel };
}

/** "4,8,8": one or more whole channel counts from 1 to 64. */
function parseChannels(text: string): number[] {
  const channels = text.split(',').map(Number);
  if (text === '' || channels.some((c) => !Number.isInteger(c) || c < 1 || c > 64)) {
    throw new RangeError(`Bad option --channels ${text}\n${USAGE}`);
  }
  return channels;
}
