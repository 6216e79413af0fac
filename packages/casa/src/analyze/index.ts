export * from './result.js';
export * from './analyze-frames.js';
export * from './head-size.js';
export * from './round-cells.js';
