export * from './motility.js';
