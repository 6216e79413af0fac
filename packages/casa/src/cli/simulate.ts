/** `casa simulate`: writes a synthetic microscope video (mp4) and its ground truth (JSON). */
import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { createVideoWriter } from '../node/writer.js';
import type { Simulation, SimulationParams } from '../simulate/index.js';
import { createSimulation } from '../simulate/index.js';
import type { ProgressStream } from './progress.js';
import { createProgressBar } from './progress.js';

/** Usage text of the command. */
export const SIMULATE_USAGE = `Usage: casa simulate --out FILE.mp4 --truth FILE.json [--seed N] [--sperm N] [--frames N] [--fps N]
                     [--width W --height H] [--mix a,b,c,d] [--um-per-pixel N]
                     [--polarity phase-contrast|bright-field] [--debris N] [--noise SIGMA]
                     [--blur SIGMA_PX] [--drift UM_PER_S]`;

class UsageError extends Error {}

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
  if (value === undefined || value === 'phase-contrast' || value === 'bright-field') return value;
  throw new UsageError(`--polarity must be phase-contrast or bright-field, got "${value}"`);
}

interface SimulateArgs {
  readonly out: string;
  readonly truth: string;
  readonly params: Partial<SimulationParams>;
}

function parseSimulateArgs(argv: string[]): SimulateArgs | 'help' {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    allowPositionals: false,
    options: {
      out: { type: 'string' },
      truth: { type: 'string' },
      seed: { type: 'string' },
      sperm: { type: 'string' },
      frames: { type: 'string' },
      fps: { type: 'string' },
      width: { type: 'string' },
      height: { type: 'string' },
      mix: { type: 'string' },
      'um-per-pixel': { type: 'string' },
      polarity: { type: 'string' },
      debris: { type: 'string' },
      noise: { type: 'string' },
      blur: { type: 'string' },
      drift: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help === true) return 'help';
  if (values.out === undefined || values.out === '')
    throw new UsageError('--out FILE.mp4 is required');
  if (values.truth === undefined || values.truth === '')
    throw new UsageError('--truth FILE.json is required');
  if ((values.width === undefined) !== (values.height === undefined)) {
    throw new UsageError('--width and --height go together');
  }
  const seed = numberArg(values.seed, 'seed', { integer: true, min: 0 });
  const sperm = numberArg(values.sperm, 'sperm', { integer: true, min: 0 });
  const frames = numberArg(values.frames, 'frames', { integer: true, min: 1 });
  const fps = numberArg(values.fps, 'fps', { integer: false, min: 1 });
  const width = numberArg(values.width, 'width', { integer: true, min: 32 });
  const height = numberArg(values.height, 'height', { integer: true, min: 32 });
  const mix = mixArg(values.mix);
  const umPerPixel = numberArg(values['um-per-pixel'], 'um-per-pixel', {
    integer: false,
    min: 0.1,
  });
  const polarity = polarityArg(values.polarity);
  const debris = numberArg(values.debris, 'debris', { integer: true, min: 0 });
  const noiseSigma = numberArg(values.noise, 'noise', { integer: false, min: 0 });
  const blurSigmaPx = numberArg(values.blur, 'blur', { integer: false, min: 0 });
  const driftUmPerS = numberArg(values.drift, 'drift', { integer: false, min: 0 });
  const params: Partial<SimulationParams> = {
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
    ...(noiseSigma !== undefined && { noiseSigma }),
    ...(blurSigmaPx !== undefined && { blurSigmaPx }),
    ...(driftUmPerS !== undefined && { driftUmPerS }),
  };
  return { out: values.out, truth: values.truth, params };
}

/**
 * Runs `casa simulate` with the arguments after the command name. Returns the exit code: 0 on
 * success, 2 for bad arguments (with a message and the usage on stderr). Write failures reject.
 */
export async function runSimulateCommand(
  argv: string[],
  stderr: ProgressStream = process.stderr,
): Promise<number> {
  let args: SimulateArgs | 'help';
  let simulation: Simulation;
  try {
    args = parseSimulateArgs(argv);
    if (args === 'help') {
      stderr.write(`${SIMULATE_USAGE}\n`);
      return 0;
    }
    simulation = createSimulation(args.params);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    stderr.write(`casa simulate: ${message}\n${SIMULATE_USAGE}\n`);
    return 2;
  }
  const started = Date.now();
  const { info, truth } = simulation;
  const writer = createVideoWriter(args.out, {
    width: info.width,
    height: info.height,
    fps: info.fps,
    pixelFormat: 'gray',
  });
  const bar = createProgressBar('Simulating', info.frameCount, stderr);
  for (let i = 0; i < info.frameCount; i++) {
    await writer.write(simulation.renderFrame(i).data);
    bar.update(i + 1);
  }
  await writer.close();
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
