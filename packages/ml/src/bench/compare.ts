/**
 * Detection F1 of the classical and the trained detector, frame by frame against the simulator's
 * truth, on the same frames and with the same matching.
 */
import type { Detection, GrayFrame, SyncDetector } from '@sarm/casa';
import { ClassicalDetector, frameIndex, resolveSettings } from '@sarm/casa';
import { f1Score, matchCentres } from '../detector/metrics.js';
import type { MatchCounts } from '../detector/metrics.js';
import type { PixelBox } from '../types.js';
import type { ImagingCase } from './cases.js';
import { simulatedSamples } from './simulated.js';

/** Frames of one generated video with the true head boxes of each. */
export interface ScoredVideo {
  readonly frames: readonly GrayFrame[];
  readonly boxes: readonly (readonly PixelBox[])[];
  readonly umPerPixel: number;
}

/** Every 10th frame of the case's video at `seed`, `count` frames. */
export function scoredVideo(c: ImagingCase, seed: number, count: number): ScoredVideo {
  const params = { ...c.params, frames: count * 10, seed };
  const samples = simulatedSamples(params, 10);
  return {
    frames: samples.map((s, i) => ({ index: frameIndex(i * 10), ...s.frame })),
    boxes: samples.map((s) => s.boxes),
    umPerPixel: params.umPerPixel ?? 0.5,
  };
}

/** Detection F1 of both detectors on a set of videos. */
export interface CaseScore {
  readonly classicalF1: number;
  readonly trainedF1: number;
  /** The trained detector's detections that match no head, and heads it missed. */
  readonly trainedFalse: number;
  readonly trainedMissed: number;
  readonly heads: number;
}

const empty = (): MatchCounts => ({ truePositives: 0, falsePositives: 0, falseNegatives: 0 });

function add(total: MatchCounts, c: MatchCounts): void {
  total.truePositives += c.truePositives;
  total.falsePositives += c.falsePositives;
  total.falseNegatives += c.falseNegatives;
}

/**
 * The classical detector reports pixel centres at integers (the simulator's truth points), the
 * trained one at pixel edges (its training boxes, see simulatedSamples): shift the former by half
 * a pixel so both meet the same truth. Detections that are no cell (cellCount 0) are dropped, as
 * casa's accuracy bench does.
 */
function centresOf(found: readonly Detection[], shift: number) {
  return found
    .filter((d) => d.cellCount > 0)
    .map((d) => ({ x: d.x + shift, y: d.y + shift, confidence: d.confidence }));
}

/**
 * Scores both detectors on the videos. The classical detector learns its noise level, head
 * contrast and typical head area as frames go by, so it first sees each video's frames once
 * unscored (as it would have seen the frames before them in an analysis); then both are scored.
 */
export function scoreCase(
  videos: readonly ScoredVideo[],
  trained: SyncDetector,
  radiusPx: number,
): CaseScore {
  const classical = empty();
  const learnt = empty();
  let heads = 0;
  for (const video of videos) {
    const settings = resolveSettings({ umPerPixel: video.umPerPixel });
    const detector = new ClassicalDetector(settings);
    for (const frame of video.frames) detector.detect(frame, settings);
    video.frames.forEach((frame, i) => {
      const truth = video.boxes[i] ?? [];
      heads += truth.length;
      add(
        classical,
        matchCentres(centresOf(detector.detect(frame, settings), 0.5), truth, radiusPx),
      );
      add(learnt, matchCentres(centresOf(trained.detect(frame, settings), 0), truth, radiusPx));
    });
  }
  return {
    classicalF1: f1Score(classical),
    trainedF1: f1Score(learnt),
    trainedFalse: learnt.falsePositives,
    trainedMissed: learnt.falseNegatives,
    heads,
  };
}
