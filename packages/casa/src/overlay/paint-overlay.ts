import type { WhoMotilityCategory } from '@sarm/contracts';
import type { AnalysisResult } from '../analyze/result.js';
import type { GrayFrame } from '../types.js';

export type Rgb = readonly [number, number, number];

/**
 * Colours of the WHO categories in overlays: rapid progressive green, slow progressive orange,
 * non-progressive blue, immotile red. Detections that belong to no reported track are grey.
 */
export const CATEGORY_COLOURS: Record<WhoMotilityCategory, Rgb> = {
  'Rapid Progressive': [40, 210, 60],
  'Slow Progressive': [255, 160, 0],
  'Non Progressive': [40, 140, 255],
  Immotile: [235, 40, 40],
};
export const UNTRACKED_COLOUR: Rgb = [190, 190, 190];

/** Frames of path drawn behind each head. */
const TRAIL_FRAMES = 50;

interface TrackAt {
  readonly colour: Rgb;
  readonly x: number;
  readonly y: number;
}

/**
 * Prepares an overlay painter for a result computed with per-frame detections: `paint` turns one
 * grey frame into RGB with each head's box coloured by the WHO category of its track (grey when it
 * belongs to no reported track) and each track's recent path drawn in the same colour.
 */
export function createOverlayPainter(
  result: Pick<AnalysisResult, 'tracks' | 'per_frame'>,
): (frame: GrayFrame, rgb: Uint8Array) => void {
  const boxesByFrame = new Map(result.per_frame.map((f) => [f.frame, f.detections ?? []]));
  const tracksByFrame = new Map<number, TrackAt[]>();
  for (const track of result.tracks) {
    const colour = CATEGORY_COLOURS[track.category];
    for (const [f, x, y] of track.points) {
      const list = tracksByFrame.get(f) ?? [];
      list.push({ colour, x, y });
      tracksByFrame.set(f, list);
    }
  }
  return (frame, rgb) => {
    const { width, height, data } = frame;
    for (let i = 0; i < width * height; i++) {
      const v = data[i] ?? 0;
      rgb[3 * i] = v;
      rgb[3 * i + 1] = v;
      rgb[3 * i + 2] = v;
    }
    const put = (x: number, y: number, c: Rgb): void => {
      const xi = Math.round(x);
      const yi = Math.round(y);
      if (xi >= 0 && yi >= 0 && xi < width && yi < height) rgb.set(c, (yi * width + xi) * 3);
    };
    for (const track of result.tracks) {
      const colour = CATEGORY_COLOURS[track.category];
      const first = track.points[0];
      const last = track.points[track.points.length - 1];
      if (!first || !last || first[0] > frame.index || last[0] < frame.index) continue;
      let previous: readonly [number, number, number] | undefined;
      for (const p of track.points) {
        if (p[0] > frame.index) break;
        if (p[0] > frame.index - TRAIL_FRAMES) {
          if (previous) drawLine(previous[1], previous[2], p[1], p[2], colour, put);
          else put(p[1], p[2], colour);
        }
        previous = p;
      }
    }
    const here = tracksByFrame.get(frame.index) ?? [];
    for (const [x1, y1, x2, y2] of boxesByFrame.get(frame.index) ?? []) {
      const owner = here.find((t) => t.x >= x1 - 1 && t.x <= x2 && t.y >= y1 - 1 && t.y <= y2);
      drawBox(x1 - 1, y1 - 1, x2, y2, owner?.colour ?? UNTRACKED_COLOUR, put);
    }
  };
}

type Put = (x: number, y: number, c: Rgb) => void;

function drawLine(x0: number, y0: number, x1: number, y1: number, c: Rgb, put: Put): void {
  const steps = Math.max(1, Math.ceil(Math.max(Math.abs(x1 - x0), Math.abs(y1 - y0))));
  for (let s = 0; s <= steps; s++)
    put(x0 + ((x1 - x0) * s) / steps, y0 + ((y1 - y0) * s) / steps, c);
}

function drawBox(x1: number, y1: number, x2: number, y2: number, c: Rgb, put: Put): void {
  for (let x = x1; x <= x2; x++) {
    put(x, y1, c);
    put(x, y2, c);
  }
  for (let y = y1; y <= y2; y++) {
    put(x1, y, c);
    put(x2, y, c);
  }
}
