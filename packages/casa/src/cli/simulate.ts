import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { createVideoWriter } from '../node/writer.js';
import type { SimulationParams } from '../simulate/simulation.js';
import { createSimulation, DEFAULT_SIMULATION_PARAMS } from '../simulate/simulation.js';
import { createProgressBar } from './progress.js';

export const SIMULATE_USAGE = `Usage: casa simulate --out FILE.mp4 --truth FILE.json [--seed N] [--sperm N] [--frames N] [--fps N]
                     [--width W --height H] [--mix a,b,c,d] [--um-per-pixel N] [--polarity phase-contrast|bright-field]`;

class UsageError extends Error {}

function positive(value: string | undefined, name: string, integer: boolean): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0 || (integer && !Number.isInteger(n))) {
    throw new UsageError(`--${name} must be a positive ${integer ? 'integer' : 'number'}`);
  }
  return n;
}

function parseMix(value: string | undefined): SimulationParams['mix'] | undefined {
  if (value === undefined) return undefined;
  const parts = value.split(',').map(Number);
  const [a, b, c, d] = parts;
  if (
    parts.length !== 4 ||
    a === undefined ||
    b === undefined ||
    c === undefined ||
    d === undefined ||
    parts.some((p) => !(p >= 0)) ||
    a + b + c + d <= 0
  ) {
    throw new UsageError(
      '--mix must be four non-negative shares: rapid,slow,non-progressive,immotile',
    );
  }
  return [a, b, c, d];
}

function parsePolarity(value: string | undefined): SimulationParams['polarity'] | undefined {
  if (value === undefined || value === 'phase-contrast' || value === 'bright-field') return value;
  throw new UsageError('--polarity must be phase-contrast or bright-field');
}

/** `casa simulate`: writes a synthetic video and its ground truth; returns the exit code. */
export async function runSimulateCommand(argv: string[]): Promise<number> {
  let params: SimulationParams;
  let out: string;
  let truthPath: string;
  try {
    const { values } = parseArgs({
      args: argv,
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
      },
    });
    if (values.out === undefined || values.truth === undefined)
      throw new UsageError('--out and --truth are required');
    out = values.out;
    truthPath = values.truth;
    const d = DEFAULT_SIMULATION_PARAMS;
    params = {
      ...d,
      seed: positive(values.seed, 'seed', true) ?? d.seed,
      sperm: positive(values.sperm, 'sperm', true) ?? d.sperm,
      frames: positive(values.frames, 'frames', true) ?? d.frames,
      fps: positive(values.fps, 'fps', false) ?? d.fps,
      width: positive(values.width, 'width', true) ?? d.width,
      height: positive(values.height, 'height', true) ?? d.height,
      mix: parseMix(values.mix) ?? d.mix,
      umPerPixel: positive(values['um-per-pixel'], 'um-per-pixel', false) ?? d.umPerPixel,
      polarity: parsePolarity(values.polarity) ?? d.polarity,
    };
  } catch (error) {
    process.stderr.write(
      `casa: ${error instanceof Error ? error.message : String(error)}\n${SIMULATE_USAGE}\n`,
    );
    return 2;
  }
  const simulation = createSimulation(params);
  const writer = createVideoWriter(out, {
    width: params.width,
    height: params.height,
    fps: params.fps,
    pixelFormat: 'gray',
  });
  const bar = createProgressBar('Simulating', params.frames);
  for (let i = 0; i < params.frames; i++) {
    await writer.write(simulation.renderFrame(i).data);
    bar.update(i + 1);
  }
  await writer.close();
  bar.done();
  await writeFile(truthPath, JSON.stringify(simulation.truth));
  const e = simulation.truth.expected;
  process.stderr.write(
    `Wrote ${out} (${params.frames} frames) and ${truthPath}: ${e.mean_count_per_frame.toFixed(1)} heads per frame, ${e.concentration_million_per_ml.toFixed(1)} million/ml\n`,
  );
  return 0;
}
