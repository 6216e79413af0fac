export * from './types.js';
export * from './classical-detector.js';
export * from './polarity.js';
export * from './peak-heads.js';
export * from './head-detector.js';
export * from './rescaled-detector.js';
export { boxMean } from './peak-maps.js';
