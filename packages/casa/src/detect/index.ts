export * from './types.js';
export * from './classical-detector.js';
