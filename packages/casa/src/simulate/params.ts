/** Parameters of a synthetic microscope video, their defaults and validation. */

/**
 * Image polarity, the optics of the microscope: `phase-contrast` shows bright heads with a dark halo,
 * `bright-field` dark heads, `phase-contrast-dark` dark heads with a bright halo (the shared real
 * dense sample: the focus on the other side of the phase ring), `dark-field` bright heads and tails
 * on a black field.
 */
export type SimulationPolarity =
  'phase-contrast' | 'bright-field' | 'phase-contrast-dark' | 'dark-field';

/** Every {@link SimulationPolarity}. */
export const SIMULATION_POLARITIES: readonly SimulationPolarity[] = [
  'phase-contrast',
  'bright-field',
  'phase-contrast-dark',
  'dark-field',
];

/** How the engine sees heads drawn with a simulation polarity: brighter or darker than the field. */
export function headPolarityOf(polarity: SimulationPolarity): 'bright' | 'dark' {
  return polarity === 'bright-field' || polarity === 'phase-contrast-dark' ? 'dark' : 'bright';
}

/** Everything that defines a simulated video. Same parameters and seed give the same video. */
export interface SimulationParams {
  readonly width: number;
  readonly height: number;
  readonly fps: number;
  readonly frames: number;
  readonly seed: number;
  /** Mean number of sperm heads in the field per frame. */
  readonly sperm: number;
  /** Shares of rapid, slow, non-progressive and immotile cells in view (normalised to sum 1). */
  readonly mix: readonly [number, number, number, number];
  readonly umPerPixel: number;
  /** Standard deviation of the per-pixel Gaussian noise, grey levels. */
  readonly noiseSigma: number;
  /**
   * Optical blur: standard deviation of a Gaussian applied to heads, tails and debris (not to the
   * sensor noise), pixels. 0 keeps the sharp default look.
   */
  readonly blurSigmaPx: number;
  /** Number of debris particles (not sperm, not in the truth tracks). */
  readonly debris: number;
  /** Stage drift applied to everything in view, µm/s. */
  readonly driftUmPerS: number;
  readonly polarity: SimulationPolarity;
  /**
   * Diffusion coefficient range of immotile cells and debris, µm²/s (each object draws its own D).
   * A random walk has per-axis steps of sqrt(2 D / fps) µm per frame: D = 0.06 to 0.56 µm²/s gives
   * 0.05 to 0.15 µm at 50 fps. [0, 0] keeps the old still cells and wobbling debris.
   */
  readonly diffusionUm2PerS: readonly [number, number];
  /**
   * Slow variation of the stage drift, µm/s: the drift vector wanders by up to this much around
   * its mean with periods of 3 to 10 s. 0 keeps the drift constant.
   */
  readonly driftWanderUmPerS: number;
  /**
   * How non-progressive cells move: `circle` (the old model: the head circles 1.5 to 3 µm at 1 to
   * 3 Hz) or `beat` (the head oscillates laterally at the beat frequency, 4 to 20 Hz, 0.3 to 1.2 µm,
   * around a spot or a small circle, and diffuses like any other object).
   */
  readonly nonProgressiveMotion: 'circle' | 'beat';
  /** Share of cells out of the focal plane: heads at half contrast, blurred, tails fainter. */
  readonly defocusShare: number;
  /**
   * Uneven illumination: the light falls linearly across the field in a random direction by this
   * fraction of the mean (objects dim with it). 0 keeps the old even field.
   */
  readonly illuminationGradient: number;
  /**
   * Number of round cells (leukocytes, immature germ cells: 7 to 15 µm, no tail) in the field, not
   * sperm: listed apart in the truth (`round_cells`). 0 keeps the old videos.
   */
  readonly roundCells: number;
  /**
   * Share of the non-progressive and immotile cells whose head sticks to the glass: it no longer
   * diffuses and moves only with the stage; a stuck cell whose flagellum still beats (counted
   * non-progressive, as the WHO manual counts "only a flagellar beat") rocks about the point where
   * its head tip is held. 0 keeps the old videos.
   */
  readonly stuckShare: number;
}

/** Defaults: a 640x480, 50 fps, 5 s phase-contrast field at 0.5 µm per pixel. */
export const DEFAULT_SIMULATION_PARAMS: SimulationParams = {
  width: 640,
  height: 480,
  fps: 50,
  frames: 250,
  seed: 1,
  sperm: 30,
  mix: [0.35, 0.15, 0.15, 0.35],
  umPerPixel: 0.5,
  noiseSigma: 4,
  blurSigmaPx: 0,
  debris: 40,
  driftUmPerS: 0,
  polarity: 'phase-contrast',
  diffusionUm2PerS: [0, 0],
  driftWanderUmPerS: 0,
  nonProgressiveMotion: 'circle',
  defocusShare: 0,
  illuminationGradient: 0,
  roundCells: 0,
  stuckShare: 0,
};

/**
 * The hard imaging of real samples (issue 12): Brownian immotile cells and debris, a slowly
 * varying stage drift of up to 3 µm/s, beating non-progressive heads, a quarter of the heads out of
 * focus, pixel noise of 7 grey levels, light falling by 30 % across the field and more debris.
 */
export const HARD_SAMPLE_PARAMS: Partial<SimulationParams> = {
  diffusionUm2PerS: [0.06, 0.56],
  driftUmPerS: 2.5,
  driftWanderUmPerS: 0.5,
  nonProgressiveMotion: 'beat',
  defocusShare: 0.25,
  noiseSigma: 7,
  illuminationGradient: 0.3,
  blurSigmaPx: 0.6,
  debris: 90,
};

function check(ok: boolean, message: string): void {
  if (!ok) throw new RangeError(`Invalid simulation parameter: ${message}`);
}

function isInt(v: number, min: number, max: number): boolean {
  return Number.isInteger(v) && v >= min && v <= max;
}

/**
 * Fills defaults and validates; throws a RangeError naming the bad parameter. The mix is normalised
 * so that its shares sum to 1 (so `35,15,15,35` works as well as `0.35,0.15,0.15,0.35`).
 */
export function resolveSimulationParams(partial: Partial<SimulationParams> = {}): SimulationParams {
  const p: SimulationParams = { ...DEFAULT_SIMULATION_PARAMS, ...partial };
  check(isInt(p.width, 32, 8192), `width must be an integer in [32, 8192], got ${p.width}`);
  check(isInt(p.height, 32, 8192), `height must be an integer in [32, 8192], got ${p.height}`);
  check(
    Number.isFinite(p.fps) && p.fps >= 1 && p.fps <= 1000,
    `fps must be in [1, 1000], got ${p.fps}`,
  );
  check(isInt(p.frames, 1, 1_000_000), `frames must be a positive integer, got ${p.frames}`);
  check(isInt(p.seed, -2147483648, 4294967295), `seed must be a 32-bit integer, got ${p.seed}`);
  check(
    Number.isFinite(p.sperm) && p.sperm >= 0 && p.sperm <= 5000,
    `sperm must be in [0, 5000], got ${p.sperm}`,
  );
  check(p.mix.length === 4, 'mix needs four shares');
  check(
    p.mix.every((m) => Number.isFinite(m) && m >= 0),
    'mix shares must be non-negative numbers',
  );
  const total = p.mix[0] + p.mix[1] + p.mix[2] + p.mix[3];
  check(total > 0, 'mix shares must not all be zero');
  check(
    Number.isFinite(p.umPerPixel) && p.umPerPixel >= 0.1 && p.umPerPixel <= 5,
    `umPerPixel must be in [0.1, 5], got ${p.umPerPixel}`,
  );
  check(
    Number.isFinite(p.noiseSigma) && p.noiseSigma >= 0 && p.noiseSigma <= 64,
    `noiseSigma must be in [0, 64], got ${p.noiseSigma}`,
  );
  check(
    Number.isFinite(p.blurSigmaPx) && p.blurSigmaPx >= 0 && p.blurSigmaPx <= 10,
    `blurSigmaPx must be in [0, 10], got ${p.blurSigmaPx}`,
  );
  check(
    isInt(p.roundCells, 0, 10000),
    `roundCells must be an integer in [0, 10000], got ${p.roundCells}`,
  );
  check(isInt(p.debris, 0, 10000), `debris must be an integer in [0, 10000], got ${p.debris}`);
  check(
    Number.isFinite(p.driftUmPerS) && Math.abs(p.driftUmPerS) <= 1000,
    `driftUmPerS must be in [-1000, 1000], got ${p.driftUmPerS}`,
  );
  const [dMin, dMax] = p.diffusionUm2PerS;
  check(
    Number.isFinite(dMin) && Number.isFinite(dMax) && dMin >= 0 && dMax >= dMin && dMax <= 100,
    `diffusionUm2PerS must be [min, max] with 0 <= min <= max <= 100`,
  );
  check(
    Number.isFinite(p.driftWanderUmPerS) && p.driftWanderUmPerS >= 0 && p.driftWanderUmPerS <= 100,
    `driftWanderUmPerS must be in [0, 100], got ${p.driftWanderUmPerS}`,
  );
  check(
    p.nonProgressiveMotion === 'circle' || p.nonProgressiveMotion === 'beat',
    `unknown nonProgressiveMotion ${String(p.nonProgressiveMotion)}`,
  );
  check(
    Number.isFinite(p.defocusShare) && p.defocusShare >= 0 && p.defocusShare <= 1,
    `defocusShare must be in [0, 1], got ${p.defocusShare}`,
  );
  check(
    Number.isFinite(p.stuckShare) && p.stuckShare >= 0 && p.stuckShare <= 1,
    `stuckShare must be in [0, 1], got ${p.stuckShare}`,
  );
  check(
    Number.isFinite(p.illuminationGradient) &&
      p.illuminationGradient >= 0 &&
      p.illuminationGradient < 1,
    `illuminationGradient must be in [0, 1), got ${p.illuminationGradient}`,
  );
  check(SIMULATION_POLARITIES.includes(p.polarity), `unknown polarity ${String(p.polarity)}`);
  const mix: SimulationParams['mix'] = [
    p.mix[0] / total,
    p.mix[1] / total,
    p.mix[2] / total,
    p.mix[3] / total,
  ];
  return { ...p, mix };
}
