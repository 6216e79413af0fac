export { Z_95, chiSquareUpperQuantile, poissonInterval, wilsonInterval } from './intervals.js';
export { effectiveCellCount } from './counting.js';
