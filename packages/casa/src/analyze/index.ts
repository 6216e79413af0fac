export * from './result.js';
export * from './analyze-frames.js';
