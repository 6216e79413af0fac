/**
 * How many independent cells a video's per-frame counts amount to.
 *
 * The mean count per frame is m = (sum over cells c of L_c) / F, where L_c is the number of frames
 * cell c spends in view and F the number of frames. Cells in a well-mixed sample form a Poisson
 * process, so each cell is an independent event and Var(m) = (sum of L_c^2) / F^2. A Poisson count
 * with the same relative variance has n_eff = (sum L_c)^2 / (sum L_c^2) events: a still field gives
 * n_eff = cells in view (successive frames add nothing), cells that swim through give more. The
 * frame-to-frame correlation is thus taken into account through the time each cell stays in view.
 *
 * The counts include cells that were never tracked (clusters, short tracks); the tracks only give
 * the typical time in view, as the length-weighted mean track length L_w = sum L^2 / sum L, so
 * n_eff = (cell-frames counted) / L_w. Broken tracks make L_w too short and the interval too narrow,
 * so L_w is measured on tracks joined by the tracker across gaps, and capped at F.
 */

/** Effective number of independent cells behind the counted cell-frames. */
export function effectiveCellCount(
  cellFramesCounted: number,
  frames: number,
  trackLengthsFrames: readonly number[],
): number {
  if (cellFramesCounted <= 0 || frames <= 0) return 0;
  let sum = 0;
  let sumSquares = 0;
  for (const l of trackLengthsFrames) {
    sum += l;
    sumSquares += l * l;
  }
  // Without tracks every counted cell-frame may be the same few cells seen all along: the most
  // cautious assumption is that each cell stays the whole video.
  const weightedLength = sum > 0 ? Math.min(frames, Math.max(1, sumSquares / sum)) : frames;
  return cellFramesCounted / weightedLength;
}
