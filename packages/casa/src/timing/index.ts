export {
  DEFAULT_MAX_DROPPED_SHARE,
  constantFrameTiming,
  describeFrameTiming,
} from './frame-timing.js';
export type { FrameTiming } from './frame-timing.js';
export { FrameClock } from './frame-clock.js';
