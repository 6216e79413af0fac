export * from './assignment.js';
export * from './tracker.js';
export * from './repair.js';
