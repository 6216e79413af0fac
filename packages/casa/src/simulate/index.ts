export * from './random.js';
export * from './simulation.js';
