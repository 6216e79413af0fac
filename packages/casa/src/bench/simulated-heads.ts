/**
 * A detector scored on a generated video against its true heads (one-to-one within a radius), for
 * tests and benches that judge the detector alone, without tracking.
 */
import type { Detection, Detector } from '../detect/types.js';
import type { HeadScore } from '../detect/score-heads.js';
import { scoreFromCounts, scoreHeadPositions } from '../detect/score-heads.js';
import type { CasaSettings } from '../settings.js';
import type { Simulation } from '../simulate/simulation.js';

/** Options: the match radius, µm, and how many first frames (the detector learning) are skipped. */
export interface SimulatedHeadsOptions {
  readonly radiusUm?: number;
  readonly skipFrames?: number;
  /** Called with each scored frame's detections (to check their boxes, masks, ...). */
  readonly onFrame?: (detections: readonly Detection[]) => void;
}

/** Precision, recall and F1 of the detections that stand for cells, over the video's frames. */
export async function scoreOnSimulation(
  sim: Simulation,
  detector: Detector,
  settings: CasaSettings,
  options: SimulatedHeadsOptions = {},
): Promise<HeadScore> {
  const radiusPx = (options.radiusUm ?? 3) / settings.umPerPixel;
  let marked = 0;
  let found = 0;
  let matched = 0;
  for (let f = 0; f < sim.info.frameCount; f++) {
    const detections = (await detector.detect(sim.renderFrame(f), settings)).filter(
      (d) => d.cellCount > 0,
    );
    if (f < (options.skipFrames ?? 0)) continue;
    options.onFrame?.(detections);
    const heads = sim.truth.tracks.flatMap((t) =>
      t.points.filter((p) => p[0] === f).map((p) => ({ x: p[1], y: p[2] })),
    );
    const score = scoreHeadPositions(heads, detections, radiusPx);
    marked += score.marked;
    found += score.found;
    matched += score.matched;
  }
  return scoreFromCounts(marked, found, matched);
}
