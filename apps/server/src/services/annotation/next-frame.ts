/** What the ranking knows of one extracted frame. */
export interface FrameForRanking {
  readonly frameId: string;
  readonly frameNumber: number;
  /** Confidences of the engine's (unverified) boxes. */
  readonly confidences: readonly number[];
  /** Boxes a person drew, moved or confirmed. */
  readonly verifiedCount: number;
  readonly boxCount: number;
}

export type NextFrameReason = 'uncertain' | 'disagreement' | 'unannotated';

export interface RankedFrame {
  readonly frameId: string;
  readonly frameNumber: number;
  readonly score: number;
  readonly reason: NextFrameReason;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/**
 * Ranks the frames still needing a person's eye. A frame whose boxes are all verified is done.
 * Uncertainty: the share of unverified boxes whose confidence lies within 0.15 of the detector's
 * threshold (the boxes a person would most often correct). Disagreement: how much the frame's box
 * count differs from the median of up to two neighbours on each side, relative to that median (a missed or doubled
 * head shows up as a jump). A frame with neither still ranks above zero when nothing on it is
 * verified. Ties go to the earlier frame.
 */
export function rankFramesToAnnotate(
  frames: readonly FrameForRanking[],
  threshold: number,
): RankedFrame[] {
  const ordered = [...frames].sort((a, b) => a.frameNumber - b.frameNumber);
  const ranked: RankedFrame[] = [];
  for (const [index, frame] of ordered.entries()) {
    const unverified = frame.boxCount - frame.verifiedCount;
    if (frame.boxCount > 0 && unverified <= 0) continue;
    const near = frame.confidences.filter((c) => Math.abs(c - threshold) <= 0.15).length;
    const uncertainty = frame.confidences.length === 0 ? 0 : near / frame.confidences.length;
    const neighbours = [
      ...ordered.slice(Math.max(0, index - 2), index),
      ...ordered.slice(index + 1, index + 3),
    ];
    const expected =
      neighbours.length === 0 ? frame.boxCount : median(neighbours.map((n) => n.boxCount));
    const disagreement = Math.abs(frame.boxCount - expected) / Math.max(1, expected);
    const base = frame.verifiedCount === 0 ? 0.01 : 0;
    const score = Math.max(uncertainty, disagreement) + base;
    const reason: NextFrameReason =
      uncertainty === 0 && disagreement === 0
        ? 'unannotated'
        : uncertainty >= disagreement
          ? 'uncertain'
          : 'disagreement';
    ranked.push({ frameId: frame.frameId, frameNumber: frame.frameNumber, score, reason });
  }
  return ranked.sort((a, b) => b.score - a.score || a.frameNumber - b.frameNumber);
}
