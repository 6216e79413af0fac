/**
 * The benchmark's real-data section: detection quality on real pictures or recordings with
 * hand-marked head centres (a folder of media files each beside a CSV of the same name, read by
 * `listMarkedMedia`). Any detector given as a callback is scored, so the ml package's bench can score
 * a trained model the same way; this package scores the classical detector.
 */
import { createHeadDetector } from '../detect/head-detector.js';
import type { HeadPoint, HeadScore } from '../detect/score-heads.js';
import { scoreFromCounts, scoreHeadPositions } from '../detect/score-heads.js';
import { listMarkedMedia, readMarkedFrames } from '../node/marked-heads.js';
import { resolveSettings } from '../settings.js';
import type { CasaSettings } from '../settings.js';
import type { Detection, Detector } from '../detect/types.js';
import type { GrayFrame } from '../types.js';

/** Finds head centres in one frame. */
export type HeadFinder = (frame: GrayFrame) => readonly HeadPoint[] | Promise<readonly HeadPoint[]>;

/** One marked picture's or recording's score (its marked frames pooled). */
export interface MarkedMediaScore extends HeadScore {
  readonly name: string;
  readonly frames: number;
}

/** Scores of every marked file of a folder, and all of them pooled. */
export interface RealHeadsScore {
  readonly perMedia: readonly MarkedMediaScore[];
  readonly pooled: HeadScore;
}

/** Scores a head finder on every marked frame of a folder at `radiusPx`. */
export async function scoreMarkedFolder(
  dir: string,
  findHeads: HeadFinder,
  radiusPx = 5,
): Promise<RealHeadsScore> {
  const perMedia: MarkedMediaScore[] = [];
  for (const media of await listMarkedMedia(dir)) {
    let marked = 0;
    let found = 0;
    let matched = 0;
    let frames = 0;
    for await (const { frame, heads } of readMarkedFrames(media)) {
      const score = scoreHeadPositions(heads, await findHeads(frame), radiusPx);
      marked += score.marked;
      found += score.found;
      matched += score.matched;
      frames++;
    }
    perMedia.push({ name: media.name, frames, ...scoreFromCounts(marked, found, matched) });
  }
  const sum = (key: 'marked' | 'found' | 'matched'): number =>
    perMedia.reduce((total, score) => total + score[key], 0);
  return { perMedia, pooled: scoreFromCounts(sum('marked'), sum('found'), sum('matched')) };
}

/**
 * The engine's own detector as a head finder (blobs or peaks, from `settings.headFinding`): the
 * centres of its heads and clusters (one each).
 */
export function classicalHeadFinder(settings: Partial<CasaSettings>): HeadFinder {
  const resolved = resolveSettings(settings);
  return detectorHeadFinder(createHeadDetector(resolved), resolved);
}

/**
 * Any detector as a head finder (a trained model loaded by `casa analyze --model`'s loader, say):
 * the centres of its heads and clusters (one each), judged with `settings`.
 */
export function detectorHeadFinder(
  detector: Detector,
  settings: Partial<CasaSettings> = {},
): HeadFinder {
  const resolved = resolveSettings(settings);
  const centres = (found: readonly Detection[]): HeadPoint[] =>
    found
      .filter((d) => d.className === 'sperm' || d.className === 'cluster')
      .map((d) => ({ x: d.x, y: d.y }));
  return (frame) => {
    const found = detector.detect(frame, resolved);
    return Array.isArray(found) ? centres(found) : found.then(centres);
  };
}

/** The section's lines: one per file and the pooled figures. */
export function formatRealHeads(score: RealHeadsScore): string[] {
  const row = (label: string, s: HeadScore): string =>
    `${label.padEnd(28)} ${String(s.marked).padStart(6)} ${String(s.found).padStart(6)} ${s.precision.toFixed(3).padStart(6)} ${s.recall.toFixed(3).padStart(6)} ${s.f1.toFixed(3).padStart(6)}`;
  return [
    `${'file'.padEnd(28)} marked  found      P      R     F1`,
    ...score.perMedia.map((s) => row(s.name, s)),
    row('pooled', score.pooled),
  ];
}
