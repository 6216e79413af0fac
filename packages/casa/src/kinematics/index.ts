export * from './kinematics.js';
