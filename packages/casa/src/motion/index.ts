export { estimateDrift } from './drift.js';
export type { DriftEstimate, DriftField, DriftOptions, MicronTrack } from './drift.js';
export { testFlagellarActivity } from './flagellar-activity.js';
export type {
  FlagellarActivity,
  FlagellarActivityOptions,
  FramePoint,
} from './flagellar-activity.js';
