export * from './result.js';
export * from './analyze-frames.js';
export * from './head-size.js';
