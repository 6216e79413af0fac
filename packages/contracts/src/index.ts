export * from './who.js';
