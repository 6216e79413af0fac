export * from './morphometry.js';
