import { describe, expect, it } from 'vitest';
import type { BlobStats } from './blob-stats.js';
import { addPixel, emptyBlobStats } from './blob-stats.js';
import { judgeRoundCell } from './round-cell.js';

const W = 200;
const H = 100;
const UPP = 0.5;

/** The pixels of a filled ellipse (semi-axes a, b px) centred at (cx, cy), clipped to the frame. */
function ellipseBlob(cx: number, cy: number, a: number, b: number, hole = 0): BlobStats {
  const blob = emptyBlobStats([1]);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const r = ((x - cx) / a) ** 2 + ((y - cy) / b) ** 2;
      if (r <= 1 && r >= hole * hole) addPixel(blob, x, y, 50, 1);
    }
  }
  return blob;
}

describe('judgeRoundCell', () => {
  it('takes filled discs of 7 to 15 µm for round cells, and nothing smaller, larger or elongated', () => {
    for (const d of [7, 10, 15]) {
      expect(
        judgeRoundCell(ellipseBlob(100, 50, d / UPP / 2, d / UPP / 2), W, H, UPP),
        `${d}`,
      ).toBe('round_cell');
    }
    expect(judgeRoundCell(ellipseBlob(100, 50, 5, 5), W, H, UPP)).toBeNull(); // 5 µm
    expect(judgeRoundCell(ellipseBlob(100, 50, 20, 20), W, H, UPP)).toBeNull(); // 20 µm
    expect(judgeRoundCell(ellipseBlob(100, 50, 16, 10), W, H, UPP)).toBeNull(); // 16 x 10 µm
  });

  it('leaves thin rings (the bright rim of a dark particle) alone', () => {
    expect(judgeRoundCell(ellipseBlob(100, 50, 10, 10, 0.8), W, H, UPP)).toBeNull();
  });

  it('counts a disc cut by the edge when its centre is inside, not when it lies beyond', () => {
    // 10 µm disc (radius 10 px): centre 4 px inside the left edge, then 4 px beyond it.
    expect(judgeRoundCell(ellipseBlob(4, 50, 10, 10), W, H, UPP)).toBe('round_cell');
    expect(judgeRoundCell(ellipseBlob(-4, 50, 10, 10), W, H, UPP)).toBe('outside');
    expect(judgeRoundCell(ellipseBlob(100, H + 3, 10, 10), W, H, UPP)).toBe('outside');
    expect(judgeRoundCell(ellipseBlob(100, H - 5, 10, 10), W, H, UPP)).toBe('round_cell');
  });
});
