import type { FrameBox, FramePoint } from './geometry';

/** Side of one grid cell in frame pixels: about the size of a sperm head's box. */
export const DEFAULT_CELL_PX = 32;

/**
 * A uniform grid over the boxes of a frame: each cell lists the indices (in drawing order) of
 * the boxes that overlap it, so finding the boxes under a point reads one cell instead of
 * scanning every box. Built once per box list; cheap enough to rebuild on every edit.
 */
export interface SpatialIndex {
  /** Indices of the boxes that may contain `point`, highest (topmost) first. */
  candidatesAt(point: FramePoint): readonly number[];
}

const EMPTY: readonly number[] = [];

/** Indexes `boxes` on a grid of `cellPx` frame pixels. */
export function buildSpatialIndex(
  boxes: readonly FrameBox[],
  cellPx = DEFAULT_CELL_PX,
): SpatialIndex {
  const cells = new Map<number, number[]>();
  // Cells are keyed by one number; 2^16 columns is far beyond any frame.
  const keyOf = (column: number, row: number) => row * 65536 + column;
  const cellOf = (value: number) => Math.floor(value / cellPx);
  boxes.forEach((box, index) => {
    for (let row = cellOf(box.y1); row <= cellOf(box.y2); row++)
      for (let column = cellOf(box.x1); column <= cellOf(box.x2); column++) {
        const key = keyOf(column, row);
        const list = cells.get(key);
        if (list === undefined) cells.set(key, [index]);
        else list.push(index);
      }
  });
  // Highest index first, the order in which a hit test looks for the topmost box.
  for (const list of cells.values()) list.reverse();
  return {
    candidatesAt: (point) => cells.get(keyOf(cellOf(point.x), cellOf(point.y))) ?? EMPTY,
  };
}
