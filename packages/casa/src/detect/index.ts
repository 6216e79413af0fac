export * from './types.js';
export * from './classical-detector.js';
export * from './polarity.js';
