/** `casa simulate`: writes a synthetic microscope video (mp4) and its ground truth (JSON). */
import { writeFile } from 'node:fs/promises';
import { writeSimulationVideo } from '../node/simulation-video.js';
import type { Simulation, SimulationParams } from '../simulate/index.js';
import {
  createSimulation,
  DEFAULT_SIMULATION_PARAMS,
  HARD_SAMPLE_PARAMS,
  SIMULATION_POLARITIES,
} from '../simulate/index.js';
import type { OptionSpec } from './options.js';
import {
  flagOption,
  formatOptionsHelp,
  parseOptions,
  stringOption,
  usageErrorText,
  UsageError,
} from './options.js';
import type { ProgressStream } from './progress.js';
import { createProgressBar } from './progress.js';

/** Usage line of the command. */
export const SIMULATE_USAGE = `Usage: casa simulate --out FILE.mp4 --truth FILE.json [options]`;

const D = DEFAULT_SIMULATION_PARAMS;

/** Every option of `casa simulate`, as parsed and as the help lists them. */
export const SIMULATE_OPTIONS: readonly OptionSpec[] = [
  {
    name: 'out',
    type: 'string',
    value: 'FILE.mp4',
    description: 'video to write (H.264); required',
  },
  {
    name: 'truth',
    type: 'string',
    value: 'FILE.json',
    description: 'ground truth to write (tracks, counts, expected WHO shares); required',
  },
  {
    name: 'seed',
    type: 'string',
    value: 'N',
    description: 'random seed, integer',
    defaultText: String(D.seed),
  },
  {
    name: 'sperm',
    type: 'string',
    value: 'N',
    description: 'mean number of sperm heads in the field per frame',
    defaultText: String(D.sperm),
  },
  {
    name: 'frames',
    type: 'string',
    value: 'N',
    description: 'length, frames',
    defaultText: String(D.frames),
  },
  {
    name: 'fps',
    type: 'string',
    value: 'N',
    description: 'frame rate, frames/s',
    defaultText: String(D.fps),
  },
  {
    name: 'width',
    type: 'string',
    value: 'W',
    description: 'frame width, pixels (>= 32; give --height too)',
    defaultText: String(D.width),
  },
  {
    name: 'height',
    type: 'string',
    value: 'H',
    description: 'frame height, pixels (>= 32; give --width too)',
    defaultText: String(D.height),
  },
  {
    name: 'mix',
    type: 'string',
    value: 'a,b,c,d',
    description: 'shares of rapid, slow, non-progressive and immotile cells (normalised to sum 1)',
    defaultText: D.mix.join(','),
  },
  {
    name: 'um-per-pixel',
    type: 'string',
    value: 'N',
    description: 'scale, micrometres per pixel',
    defaultText: String(D.umPerPixel),
  },
  {
    name: 'polarity',
    type: 'string',
    value: 'MODE',
    description:
      'phase-contrast (bright heads with a dark halo), bright-field (dark heads on a light field), phase-contrast-dark (dark heads with a bright halo) or dark-field (bright heads and tails on black)',
    defaultText: D.polarity,
  },
  {
    name: 'debris',
    type: 'string',
    value: 'N',
    description: 'number of debris particles (not sperm)',
    defaultText: String(D.debris),
  },
  {
    name: 'round-cells',
    type: 'string',
    value: 'N',
    description:
      'number of round cells (leukocytes, germ cells: 7 to 15 µm, no tail), listed apart in the truth',
    defaultText: String(D.roundCells),
  },
  {
    name: 'stuck',
    type: 'string',
    value: 'SHARE',
    description:
      'share (0 to 1) of non-progressive and immotile cells stuck to the glass: they do not diffuse; beating ones rock about the held head tip',
    defaultText: String(D.stuckShare),
  },
  {
    name: 'noise',
    type: 'string',
    value: 'SIGMA',
    description: 'pixel noise, standard deviation in grey levels',
    defaultText: String(D.noiseSigma),
  },
  {
    name: 'blur',
    type: 'string',
    value: 'SIGMA_PX',
    description: 'optical blur, Gaussian standard deviation in pixels (0 to 10)',
    defaultText: String(D.blurSigmaPx),
  },
  {
    name: 'drift',
    type: 'string',
    value: 'UM_PER_S',
    description: 'stage drift, µm/s',
    defaultText: String(D.driftUmPerS),
  },
  {
    name: 'hard',
    type: 'boolean',
    description:
      'hard sample: Brownian immotile cells and debris, wandering drift of 2.5 µm/s, beating non-progressive heads, 25 % defocused heads, noise 7, light falling 30 % across the field, 90 debris (the options above still override)',
  },
  { name: 'help', type: 'boolean', short: 'h', description: 'show this help' },
];

/** The full help of `casa simulate`. */
export const SIMULATE_HELP = `${SIMULATE_USAGE}

Writes a synthetic microscope video with known ground truth (for tests and benchmarks).

Options:
${formatOptionsHelp(SIMULATE_OPTIONS)}
`;

function numberArg(
  value: string | undefined,
  name: string,
  opts: { integer: boolean; min: number },
): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (
    value.trim() === '' ||
    !Number.isFinite(n) ||
    n < opts.min ||
    (opts.integer && !Number.isInteger(n))
  ) {
    const kind = opts.integer ? 'an integer' : 'a number';
    throw new UsageError(`--${name} must be ${kind} >= ${opts.min}, got "${value}"`);
  }
  return n;
}

function mixArg(value: string | undefined): SimulationParams['mix'] | undefined {
  if (value === undefined) return undefined;
  const parts = value.split(',').map((s) => (s.trim() === '' ? Number.NaN : Number(s)));
  const [a, b, c, d] = parts;
  if (
    parts.length !== 4 ||
    a === undefined ||
    b === undefined ||
    c === undefined ||
    d === undefined
  ) {
    throw new UsageError(
      `--mix needs four shares rapid,slow,non-progressive,immotile, got "${value}"`,
    );
  }
  if (!parts.every((p) => Number.isFinite(p) && p >= 0) || a + b + c + d <= 0) {
    throw new UsageError(`--mix shares must be non-negative numbers, not all zero, got "${value}"`);
  }
  return [a, b, c, d];
}

function polarityArg(value: string | undefined): SimulationParams['polarity'] | undefined {
  const known = SIMULATION_POLARITIES.find((p) => p === value);
  if (value === undefined || known !== undefined) return known;
  throw new UsageError(`--polarity must be ${SIMULATION_POLARITIES.join(', ')}, got "${value}"`);
}

interface SimulateArgs {
  readonly out: string;
  readonly truth: string;
  readonly params: Partial<SimulationParams>;
}

function parseSimulateArgs(argv: string[]): SimulateArgs | 'help' {
  const { values } = parseOptions(SIMULATE_OPTIONS, argv, false);
  if (flagOption(values, 'help')) return 'help';
  const get = (name: string) => stringOption(values, name);
  const out = get('out');
  const truthPath = get('truth');
  if (out === undefined || out === '') throw new UsageError('--out FILE.mp4 is required');
  if (truthPath === undefined || truthPath === '')
    throw new UsageError('--truth FILE.json is required');
  if ((get('width') === undefined) !== (get('height') === undefined)) {
    throw new UsageError('--width and --height go together');
  }
  const seed = numberArg(get('seed'), 'seed', { integer: true, min: 0 });
  const sperm = numberArg(get('sperm'), 'sperm', { integer: true, min: 0 });
  const frames = numberArg(get('frames'), 'frames', { integer: true, min: 1 });
  const fps = numberArg(get('fps'), 'fps', { integer: false, min: 1 });
  const width = numberArg(get('width'), 'width', { integer: true, min: 32 });
  const height = numberArg(get('height'), 'height', { integer: true, min: 32 });
  const mix = mixArg(get('mix'));
  const umPerPixel = numberArg(get('um-per-pixel'), 'um-per-pixel', {
    integer: false,
    min: 0.1,
  });
  const polarity = polarityArg(get('polarity'));
  const debris = numberArg(get('debris'), 'debris', { integer: true, min: 0 });
  const roundCells = numberArg(get('round-cells'), 'round-cells', { integer: true, min: 0 });
  const stuckShare = numberArg(get('stuck'), 'stuck', { integer: false, min: 0 });
  const noiseSigma = numberArg(get('noise'), 'noise', { integer: false, min: 0 });
  const blurSigmaPx = numberArg(get('blur'), 'blur', { integer: false, min: 0 });
  const driftUmPerS = numberArg(get('drift'), 'drift', { integer: false, min: 0 });
  const params: Partial<SimulationParams> = {
    ...(flagOption(values, 'hard') && HARD_SAMPLE_PARAMS),
    ...(seed !== undefined && { seed }),
    ...(sperm !== undefined && { sperm }),
    ...(frames !== undefined && { frames }),
    ...(fps !== undefined && { fps }),
    ...(width !== undefined && { width }),
    ...(height !== undefined && { height }),
    ...(mix !== undefined && { mix }),
    ...(umPerPixel !== undefined && { umPerPixel }),
    ...(polarity !== undefined && { polarity }),
    ...(debris !== undefined && { debris }),
    ...(roundCells !== undefined && { roundCells }),
    ...(stuckShare !== undefined && { stuckShare }),
    ...(noiseSigma !== undefined && { noiseSigma }),
    ...(blurSigmaPx !== undefined && { blurSigmaPx }),
    ...(driftUmPerS !== undefined && { driftUmPerS }),
  };
  return { out, truth: truthPath, params };
}

/**
 * Runs `casa simulate` with the arguments after the command name. Returns the exit code: 0 on
 * success (`--help` prints the help on `stdout`), 2 for bad arguments (a one-line message and a
 * hint to `--help` on stderr). Write failures reject.
 */
export async function runSimulateCommand(
  argv: string[],
  stderr: ProgressStream = process.stderr,
  stdout: { write(text: string): unknown } = process.stdout,
): Promise<number> {
  let args: SimulateArgs | 'help';
  let simulation: Simulation;
  try {
    args = parseSimulateArgs(argv);
    if (args === 'help') {
      stdout.write(SIMULATE_HELP);
      return 0;
    }
    simulation = createSimulation(args.params);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    stderr.write(usageErrorText('casa simulate', message));
    return 2;
  }
  const started = Date.now();
  const { info, truth } = simulation;
  const bar = createProgressBar('Simulating', info.frameCount, stderr);
  await writeSimulationVideo(args.out, simulation, { onFrame: (written) => bar.update(written) });
  bar.done();
  await writeFile(args.truth, `${JSON.stringify(truth)}\n`);
  const e = truth.expected;
  const d = e.motility_distribution;
  stderr.write(
    `casa simulate: wrote ${args.out} (${info.width}x${info.height}, ${info.frameCount} frames at ${info.fps} fps, seed ${truth.params.seed}) and ${args.truth}: ` +
      `${e.mean_count_per_frame.toFixed(1)} heads/frame, ${e.concentration_million_per_ml.toFixed(2)} million/ml, ` +
      `${truth.tracks.length} tracks, rapid/slow/non/immotile ${d['Rapid Progressive'].toFixed(0)}/${d['Slow Progressive'].toFixed(0)}/${d['Non Progressive'].toFixed(0)}/${d.Immotile.toFixed(0)} %, ` +
      `${((Date.now() - started) / 1000).toFixed(1)} s\n`,
  );
  return 0;
}
