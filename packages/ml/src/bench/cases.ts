/**
 * The imaging cases of the detector benchmark and its two seed sets. Every hard case is made by
 * the simulator's physics options: defocus (heads out of the focal plane at half contrast, blurred)
 * and optical blur, a linear illumination gradient, debris particles and the density of heads.
 */
import type { SimulationParams } from '@sarm/casa';
import { HARD_SAMPLE_PARAMS } from '@sarm/casa';

/**
 * TUNING seeds: the training videos are made with them (as in casa's hard-case bench).
 * HELD-OUT seeds: never used for training or for choosing any setting of this bench.
 */
export const TUNING_SEEDS = [101, 102, 103] as const;
export const HELD_OUT_SEEDS = [9001, 9002, 9003] as const;

/** A named set of simulator parameters (640x480 at 0.5 µm per pixel unless set). */
export interface ImagingCase {
  readonly label: string;
  readonly params: Partial<SimulationParams>;
}

/** Dim heads: most heads out of focus (half contrast, blurred), optics slightly soft, more noise. */
const DIM_DEFOCUSED: Partial<SimulationParams> = {
  defocusShare: 0.6,
  blurSigmaPx: 1,
  noiseSigma: 6,
};

/** Every head out of focus, softer optics and a noisier camera (a badly focused, dim field). */
const DIM_SEVERE: Partial<SimulationParams> = {
  defocusShare: 1,
  blurSigmaPx: 1.5,
  noiseSigma: 8,
};

const BROWNIAN: Partial<SimulationParams> = { diffusionUm2PerS: [0.06, 0.56] };

export const EVALUATION_CASES: readonly ImagingCase[] = [
  { label: 'normal', params: {} },
  { label: 'dim, out of focus', params: DIM_DEFOCUSED },
  { label: 'dim, all defocused', params: DIM_SEVERE },
  { label: 'uneven light', params: { illuminationGradient: 0.6 } },
  { label: 'dense debris', params: { ...BROWNIAN, debris: 400 } },
  { label: 'very dense debris', params: { ...BROWNIAN, debris: 1000 } },
  { label: 'touching cells', params: { sperm: 250 } },
  { label: 'all hard', params: { ...HARD_SAMPLE_PARAMS, sperm: 110 } },
];

/**
 * The three training videos, one per tuning seed: a normal field, a dim field with uneven light,
 * and a crowded field of the hard imaging with much debris.
 */
export const TRAINING_VIDEOS: readonly ImagingCase[] = [
  { label: 'normal', params: { seed: TUNING_SEEDS[0] } },
  {
    label: 'dim, uneven light',
    params: {
      defocusShare: 0.8,
      blurSigmaPx: 1.2,
      noiseSigma: 7,
      illuminationGradient: 0.6,
      sperm: 50,
      seed: TUNING_SEEDS[1],
    },
  },
  {
    label: 'crowded, debris',
    params: { ...HARD_SAMPLE_PARAMS, sperm: 150, debris: 1000, seed: TUNING_SEEDS[2] },
  },
];
