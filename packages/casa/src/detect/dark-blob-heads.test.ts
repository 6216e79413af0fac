import { describe, expect, it } from 'vitest';
import { resolveSettings } from '../settings.js';
import type { FrameIndex, GrayFrame } from '../types.js';
import { ClassicalDetector } from './classical-detector.js';
import { flagellaSurviveOpening } from './dark-blob-heads.js';

const WIDTH = 96;
const HEIGHT = 72;
const UM_PER_PX = 1;
const BACKGROUND = 175;

/** A dark head (4.5 x 3 µm) at (x, y) pointing along `angle`, its flagellum behind it. */
interface Cell {
  readonly x: number;
  readonly y: number;
  readonly angle: number;
  /** Extra darkness (grey levels per half pixel) on the flagellum from 8 to 11 µm behind the head. */
  readonly fleck?: number;
}

/**
 * A bright-field frame at 1 µm/px: dark heads of contrast 65 with soft edges, each with a flagellum
 * a pixel wide (30 grey levels per pixel of length, the first 5 µm half as dark again) running 30
 * µm straight back from it, and seeded noise of about 4 grey levels.
 */
function brightFieldFrame(cells: readonly Cell[], index: number): GrayFrame {
  const value = new Float64Array(WIDTH * HEIGHT);
  const splat = (x: number, y: number, c: number) => {
    const x0 = Math.floor(x);
    const y0 = Math.floor(y);
    const fx = x - x0;
    const fy = y - y0;
    const add = (xx: number, yy: number, w: number) => {
      if (xx >= 0 && yy >= 0 && xx < WIDTH && yy < HEIGHT) value[yy * WIDTH + xx]! += c * w;
    };
    add(x0, y0, (1 - fx) * (1 - fy));
    add(x0 + 1, y0, fx * (1 - fy));
    add(x0, y0 + 1, (1 - fx) * fy);
    add(x0 + 1, y0 + 1, fx * fy);
  };
  for (const cell of cells) {
    const c = Math.cos(cell.angle);
    const s = Math.sin(cell.angle);
    for (let y = 0; y < HEIGHT; y++) {
      for (let x = 0; x < WIDTH; x++) {
        const u = ((x - cell.x) * c + (y - cell.y) * s) * UM_PER_PX;
        const v = (-(x - cell.x) * s + (y - cell.y) * c) * UM_PER_PX;
        const r = Math.hypot(u / 2.25, v / 1.5);
        value[y * WIDTH + x]! -= 65 * Math.exp(-(r ** 3) / 0.6);
      }
    }
    for (let t = 2.5; t < 32.5; t += 0.5) {
      const fleck = t >= 8 && t < 11 ? (cell.fleck ?? 0) : 0;
      splat(cell.x - t * c, cell.y - t * s, -15 * (t < 7.5 ? 1.5 : 1) - fleck);
    }
  }
  let state = 1000 + index;
  const noise = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return (state / 2147483648 - 0.5) * 14;
  };
  const data = Uint8Array.from(value, (v) => Math.round(BACKGROUND + v + noise()));
  return { index: index as FrameIndex, width: WIDTH, height: HEIGHT, data };
}

/** The sperm the detector finds in the last of a few frames of the same cells. */
function detectLast(cells: readonly Cell[]) {
  const settings = resolveSettings({ polarity: 'dark', umPerPixel: UM_PER_PX });
  const detector = new ClassicalDetector(settings);
  let found = detector.detect(brightFieldFrame(cells, 0), settings);
  for (let i = 1; i < 4; i++) found = detector.detect(brightFieldFrame(cells, i), settings);
  return found.filter((d) => d.cellCount > 0);
}

describe('dark heads with their flagella at low magnification', () => {
  it('applies from 0.8 µm/px on, where the opening leaves flagella', () => {
    expect(flagellaSurviveOpening(0.5)).toBe(false);
    expect(flagellaSurviveOpening(0.8)).toBe(true);
    expect(flagellaSurviveOpening(1.5)).toBe(true);
  });

  it('finds a head with its flagellum at 1 µm/px once, at the head', () => {
    const found = detectLast([{ x: 25, y: 36, angle: 0 }]);
    expect(found).toHaveLength(1);
    expect(found[0]?.cellCount).toBe(1);
    expect(Math.hypot((found[0]?.x ?? 0) - 25, (found[0]?.y ?? 0) - 36)).toBeLessThan(1.5);
  });

  it('keeps two heads that touch tip to tip as two, each at its place', () => {
    const found = detectLast([
      { x: 40, y: 30, angle: 0 },
      { x: 46, y: 30, angle: Math.PI },
    ]);
    expect(found).toHaveLength(2);
    const xs = found.map((d) => d.x).sort((a, b) => a - b);
    expect(Math.abs((xs[0] ?? 0) - 40)).toBeLessThan(1.5);
    expect(Math.abs((xs[1] ?? 0) - 46)).toBeLessThan(1.5);
  });

  it('does not count a dark stretch of a flagellum, fainter than the head, as a second head', () => {
    const found = detectLast([{ x: 40, y: 36, angle: 0, fleck: 20 }]);
    expect(found).toHaveLength(1);
    expect(Math.hypot((found[0]?.x ?? 0) - 40, (found[0]?.y ?? 0) - 36)).toBeLessThan(1.5);
  });
});
