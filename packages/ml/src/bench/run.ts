/**
 * Entry of `npm run bench -w packages/ml`. With flags (or none) it runs the detector benchmark
 * (see detector-bench.ts and options.ts); with positional arguments `<epochs> [videos] [data]` it
 * runs the training benchmark of train-bench.ts unchanged; with `--real-size` or `--memory` the
 * real-size cases of real-size.ts; with `--real-crops` the real dense crops of real-crops.ts.
 */
import { runDetectorBench } from './detector-bench.js';
import { parseBenchOptions } from './options.js';
import { runRealCropsBench, wantsRealCrops } from './real-crops.js';
import { runRealSizeBench, wantsRealSize } from './real-size.js';

const args = process.argv.slice(2);
const first = args[0];
if (wantsRealCrops(args)) {
  await runRealCropsBench(args);
} else if (wantsRealSize(args)) {
  await runRealSizeBench(args);
} else if (first !== undefined && !first.startsWith('--')) {
  await import('./train-bench.js');
} else {
  await runDetectorBench(parseBenchOptions(args));
}
