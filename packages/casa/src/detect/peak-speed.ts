/**
 * The speed of the peak head finder (`headFinding: 'peaks'`) on its own, for the bench's speed
 * section (issue 34: 10x real time at 50 fps leaves about 2 ms a frame for detection and tracking):
 * a generated dense field, 250 heads in 640 x 480 at 0.5 µm/px with the hard imaging, through the
 * WebAssembly path, the JavaScript fallback and the straightforward reference (peak-reference.ts).
 */
import { resolveSettings } from '../settings.js';
import { HARD_SAMPLE_PARAMS, headPolarityOf, resolveSimulationParams } from '../simulate/params.js';
import { createSimulation } from '../simulate/simulation.js';
import type { GrayFrame } from '../types.js';
import { PeakHeadDetector } from './peak-heads.js';
import { referencePeakDetections } from './peak-reference.js';

/** Milliseconds per frame of one way of finding the heads: wall clock and this process's CPU. */
export interface PeakFinderSpeed {
  readonly label: string;
  readonly wallMs: number;
  readonly cpuMs: number;
}

/** Best of `rounds` rounds over the frames, after one round to warm the JIT up. */
function timeRounds(frames: readonly GrayFrame[], rounds: number, run: (f: GrayFrame) => void) {
  let wallMs = Infinity;
  let cpuMs = Infinity;
  for (let round = 0; round <= rounds; round++) {
    const cpu = process.cpuUsage();
    const start = performance.now();
    for (const frame of frames) run(frame);
    const used = process.cpuUsage(cpu);
    if (round === 0) continue;
    wallMs = Math.min(wallMs, (performance.now() - start) / frames.length);
    cpuMs = Math.min(cpuMs, (used.user + used.system) / 1000 / frames.length);
  }
  return { wallMs, cpuMs };
}

/** Measures the three ways on 20 frames of the dense field. */
export function measurePeakFinderSpeed(rounds = 5): PeakFinderSpeed[] {
  const params = { ...HARD_SAMPLE_PARAMS, sperm: 250, umPerPixel: 0.5, frames: 20, seed: 303 };
  const sim = createSimulation(params);
  const frames = Array.from({ length: sim.info.frameCount }, (_, i) => sim.renderFrame(i));
  const settings = resolveSettings({
    umPerPixel: sim.truth.um_per_pixel,
    headFinding: 'peaks',
    polarity: headPolarityOf(resolveSimulationParams(params).polarity),
  });
  const wasm = new PeakHeadDetector(settings);
  const js = new PeakHeadDetector(settings, { wasm: false });
  return [
    { label: 'WebAssembly', ...timeRounds(frames, rounds, (f) => wasm.detect(f, settings)) },
    { label: 'JavaScript', ...timeRounds(frames, rounds, (f) => js.detect(f, settings)) },
    {
      label: 'reference',
      ...timeRounds(frames, rounds, (f) => referencePeakDetections(f, settings)),
    },
  ];
}

let printed = false;

/** Prints the peak finder's speed, once per process (the bench's speed section calls it). */
export function printPeakFinderSpeedOnce(): void {
  if (printed) return;
  printed = true;
  const figures = measurePeakFinderSpeed()
    .map((s) => `${s.label} ${s.wallMs.toFixed(1)} ms (CPU ${s.cpuMs.toFixed(1)} ms)`)
    .join(', ');
  console.log(
    `peak head finder alone (headFinding 'peaks'), 250 generated heads, 640x480, 0.5 um/px, per frame, best of 5 rounds: ${figures}`,
  );
}
