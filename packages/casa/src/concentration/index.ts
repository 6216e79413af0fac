export * from './concentration.js';
