export * from './assignment.js';
export * from './tracker.js';
