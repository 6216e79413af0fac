/** A marked or found head position, pixels. */
export interface HeadPoint {
  readonly x: number;
  readonly y: number;
}

/** Detection quality of found head positions against hand-marked ones. */
export interface HeadScore {
  /** Heads marked in the truth. */
  readonly marked: number;
  /** Positions the detector reported. */
  readonly found: number;
  /** Found positions matched to a marked head within the radius. */
  readonly matched: number;
  /** matched / found (1 when nothing was found). */
  readonly precision: number;
  /** matched / marked (1 when nothing was marked). */
  readonly recall: number;
  /** Harmonic mean of precision and recall (0 when both are 0). */
  readonly f1: number;
}

/**
 * Scores found head positions against marked ones: pairs closer than `radiusPx` (inclusive) are
 * matched greedily one-to-one, nearest pair first; each marked head and each found position takes
 * part in at most one match.
 */
export function scoreHeadPositions(
  truth: readonly HeadPoint[],
  found: readonly HeadPoint[],
  radiusPx: number,
): HeadScore {
  const r2 = radiusPx * radiusPx;
  const pairs: [number, number, number][] = [];
  for (let i = 0; i < truth.length; i++) {
    const t = truth[i]!;
    for (let j = 0; j < found.length; j++) {
      const f = found[j]!;
      const d2 = (t.x - f.x) ** 2 + (t.y - f.y) ** 2;
      if (d2 <= r2) pairs.push([d2, i, j]);
    }
  }
  pairs.sort((a, b) => a[0] - b[0]);
  const truthUsed = new Uint8Array(truth.length);
  const foundUsed = new Uint8Array(found.length);
  let matched = 0;
  for (const [, i, j] of pairs) {
    if (truthUsed[i] === 1 || foundUsed[j] === 1) continue;
    truthUsed[i] = 1;
    foundUsed[j] = 1;
    matched++;
  }
  return scoreFromCounts(truth.length, found.length, matched);
}

/** Precision, recall and F1 from counts (e.g. pooled over several images). */
export function scoreFromCounts(marked: number, found: number, matched: number): HeadScore {
  const precision = found === 0 ? 1 : matched / found;
  const recall = marked === 0 ? 1 : matched / marked;
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { marked, found, matched, precision, recall, f1 };
}
