export * from './kinematics.js';
export * from './timed-kinematics.js';
