import type { MotilityDistribution, WhoMotilityCategory } from '@sarm/contracts';
import { DEFAULT_CHAMBER_DEPTH_UM } from '@sarm/contracts';
import { computeConcentration } from '../concentration/concentration.js';
import type { GrayFrame, VideoInfo } from '../types.js';
import { frameIndex } from '../types.js';
import { simulateCells } from './cells.js';
import { createRandom } from './random.js';
import { createRenderer } from './render.js';

export interface SimulationParams {
  readonly width: number;
  readonly height: number;
  readonly fps: number;
  readonly frames: number;
  readonly seed: number;
  /** Heads in the field at any time. */
  readonly sperm: number;
  /** Shares of rapid, slow, non-progressive and immotile cells. */
  readonly mix: readonly [number, number, number, number];
  readonly umPerPixel: number;
  readonly noiseSigma: number;
  readonly debris: number;
  readonly polarity: 'phase-contrast' | 'bright-field';
}

export const DEFAULT_SIMULATION_PARAMS: SimulationParams = {
  width: 640,
  height: 480,
  fps: 50,
  frames: 250,
  seed: 1,
  sperm: 30,
  mix: [0.35, 0.15, 0.15, 0.35],
  umPerPixel: 0.5,
  noiseSigma: 3,
  debris: 25,
  polarity: 'phase-contrast',
};

/** Tracks shorter than this many frames are left out of the true motility shares. */
export const TRUTH_MIN_TRACK_FRAMES = 10;

/** Ground truth of a simulated video (JSON-serialisable). */
export interface SimulationTruth {
  readonly version: 1;
  readonly params: SimulationParams;
  readonly um_per_pixel: number;
  readonly fps: number;
  readonly width: number;
  readonly height: number;
  readonly frames: number;
  readonly depth_um: number;
  readonly dilution: number;
  readonly expected: {
    readonly mean_count_per_frame: number;
    readonly concentration_million_per_ml: number;
    readonly motility_distribution: MotilityDistribution;
    readonly progressive_percent: number;
    readonly total_motility_percent: number;
  };
  readonly tracks: {
    id: number;
    category: WhoMotilityCategory;
    points: [number, number, number][];
  }[];
  readonly per_frame: { frame: number; count: number }[];
}

export interface Simulation {
  readonly info: VideoInfo;
  readonly truth: SimulationTruth;
  /** Renders frame i (0-based) as 8-bit grey. */
  renderFrame(i: number): GrayFrame;
}

/** Creates a synthetic phase-contrast (or bright-field) sperm video with its ground truth. */
export function createSimulation(partial: Partial<SimulationParams> = {}): Simulation {
  const params: SimulationParams = { ...DEFAULT_SIMULATION_PARAMS, ...partial };
  const random = createRandom(params.seed);
  const um = params.umPerPixel;
  const cells = simulateCells(
    {
      widthUm: params.width * um,
      heightUm: params.height * um,
      fps: params.fps,
      frames: params.frames,
      sperm: params.sperm,
      mix: params.mix,
    },
    random,
  );
  const tracks = cells
    .filter((c) => c.path.length > 0)
    .map((c) => ({
      id: c.id,
      category: c.category,
      points: c.path.map(([f, x, y]): [number, number, number] => [f, x / um, y / um]),
    }));
  const counts = new Array<number>(params.frames).fill(0);
  for (const t of tracks) for (const [f] of t.points) counts[f] = (counts[f] ?? 0) + 1;
  const meanCount = counts.reduce((s, c) => s + c, 0) / Math.max(1, params.frames);
  const counted = tracks.filter((t) => t.points.length >= TRUTH_MIN_TRACK_FRAMES);
  const share = (c: WhoMotilityCategory) =>
    (100 * counted.filter((t) => t.category === c).length) / Math.max(1, counted.length);
  const distribution: MotilityDistribution = {
    'Rapid Progressive': share('Rapid Progressive'),
    'Slow Progressive': share('Slow Progressive'),
    'Non Progressive': share('Non Progressive'),
    Immotile: share('Immotile'),
  };
  const concentration = computeConcentration({
    meanCountPerFrame: meanCount,
    widthPx: params.width,
    heightPx: params.height,
    umPerPixel: um,
    chamberDepthUm: DEFAULT_CHAMBER_DEPTH_UM,
    dilution: 1,
    semenVolumeMl: null,
  });
  const truth: SimulationTruth = {
    version: 1,
    params,
    um_per_pixel: um,
    fps: params.fps,
    width: params.width,
    height: params.height,
    frames: params.frames,
    depth_um: DEFAULT_CHAMBER_DEPTH_UM,
    dilution: 1,
    expected: {
      mean_count_per_frame: meanCount,
      concentration_million_per_ml: concentration.mean_concentration_million_per_ml,
      motility_distribution: distribution,
      progressive_percent: distribution['Rapid Progressive'] + distribution['Slow Progressive'],
      total_motility_percent: 100 - distribution.Immotile,
    },
    tracks,
    per_frame: counts.map((count, frame) => ({ frame, count })),
  };
  const render = createRenderer(params, cells, random);
  return {
    info: {
      width: params.width,
      height: params.height,
      fps: params.fps,
      frameCount: params.frames,
      durationS: params.frames / params.fps,
      codec: 'synthetic',
      container: 'memory',
    },
    truth,
    renderFrame: (i) => ({
      index: frameIndex(i),
      width: params.width,
      height: params.height,
      data: render(i),
    }),
  };
}
