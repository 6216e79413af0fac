/** A box on one frame of a video, as the track linker sees it. */
export interface LinkableBox {
  readonly id: string;
  readonly frameNumber: number;
  readonly x1: number;
  readonly y1: number;
  readonly x2: number;
  readonly y2: number;
}

const centre = (box: LinkableBox) => ({ x: (box.x1 + box.x2) / 2, y: (box.y1 + box.y2) / 2 });

/**
 * Links boxes of consecutive extracted frames into identities. Pairs are taken greedily by
 * increasing centre distance, each box at most once per side, so a crowded field cannot give two
 * boxes the same predecessor. The gate grows with the number of video frames between the two
 * extracted frames (a cell swims further in a longer gap) and is capped so sparse extractions do
 * not link unrelated cells. Unlinked boxes start new tracks. Answers the track id per box id,
 * numbered from `firstTrackId` in order of first appearance.
 */
export function linkBoxesIntoTracks(
  boxes: readonly LinkableBox[],
  options: { readonly gatePxPerFrame: number; readonly maxGatePx: number; firstTrackId?: number },
): Map<string, number> {
  const byFrame = new Map<number, LinkableBox[]>();
  for (const box of boxes)
    byFrame.set(box.frameNumber, [...(byFrame.get(box.frameNumber) ?? []), box]);
  const frameNumbers = [...byFrame.keys()].sort((a, b) => a - b);
  const trackOf = new Map<string, number>();
  let nextTrack = options.firstTrackId ?? 1;
  let previous: LinkableBox[] = [];
  let previousFrame = Number.NaN;
  for (const frameNumber of frameNumbers) {
    const current = byFrame.get(frameNumber) ?? [];
    const gap = Number.isNaN(previousFrame) ? 0 : frameNumber - previousFrame;
    const gate = Math.min(options.maxGatePx, options.gatePxPerFrame * Math.max(1, gap));
    const pairs: { prev: LinkableBox; next: LinkableBox; distance: number }[] = [];
    for (const prev of previous)
      for (const next of current) {
        const a = centre(prev);
        const b = centre(next);
        const distance = Math.hypot(a.x - b.x, a.y - b.y);
        if (distance <= gate) pairs.push({ prev, next, distance });
      }
    pairs.sort((p, q) => p.distance - q.distance);
    const usedPrev = new Set<string>();
    for (const { prev, next } of pairs) {
      if (usedPrev.has(prev.id) || trackOf.has(next.id)) continue;
      const track = trackOf.get(prev.id);
      if (track === undefined) continue;
      usedPrev.add(prev.id);
      trackOf.set(next.id, track);
    }
    for (const box of current)
      if (!trackOf.has(box.id)) {
        trackOf.set(box.id, nextTrack);
        nextTrack += 1;
      }
    previous = current;
    previousFrame = frameNumber;
  }
  return trackOf;
}
