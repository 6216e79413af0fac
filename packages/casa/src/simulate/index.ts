/** Public API of the synthetic video generator. */
export { createSimulation } from './simulation.js';
export type { Simulation } from './simulation.js';
export {
  DEFAULT_SIMULATION_PARAMS,
  HARD_SAMPLE_PARAMS,
  SIMULATION_POLARITIES,
  headPolarityOf,
  resolveSimulationParams,
} from './params.js';
export type { SimulationParams, SimulationPolarity } from './params.js';
export { MIN_TRACK_FRAMES, classifyTrueTrack } from './truth.js';
export type {
  SimulationExpected,
  SimulationRoundCell,
  SimulationTrack,
  SimulationTruth,
} from './truth.js';
export { ROUND_CELL_DIAMETER_UM } from './round-cells.js';
export { createRng, gaussian, mixSeed, mulberry32 } from './random.js';
export type { RandomSource, Rng } from './random.js';
export {
  constantFrameTimes,
  createTimedSimulation,
  jitteredFrameTimes,
  stalledFrameTimes,
} from './timed-simulation.js';
export type { TimedSimulation } from './timed-simulation.js';
