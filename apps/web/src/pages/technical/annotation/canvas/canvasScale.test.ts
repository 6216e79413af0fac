import { describe, expect, it } from 'vitest';
import { framePoint, screenPoint } from './geometry';
import { hitTest } from './hitTest';
import { LayerCache, sameLayer, type LayerKey } from './layerCache';
import { boxTag, planBoxes, type CanvasBox } from './scenePlan';
import { buildSpatialIndex } from './spatialIndex';
import { createViewStore } from './viewStore';

const viewport = { width: 640, height: 480 };
const identity = { scale: 1, offsetX: 0, offsetY: 0 };

const box = (id: string, x1: number, y1: number, w: number, h: number, extra = {}): CanvasBox => ({
  id,
  x1,
  y1,
  x2: x1 + w,
  y2: y1 + h,
  confidence: 0.9,
  source: 'engine',
  verified: false,
  trackId: null,
  ...extra,
});

/** A deterministic scatter of overlapping boxes, big and small, for comparing hit tests. */
function scatter(count: number): CanvasBox[] {
  let seed = 7;
  const next = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  return Array.from({ length: count }, (_, i) =>
    box(`b${i}`, next() * 600, next() * 440, 4 + next() * 60, 4 + next() * 40),
  );
}

describe('spatial index', () => {
  it('answers every hit test exactly as the linear scan does', () => {
    const boxes = scatter(1000);
    const index = buildSpatialIndex(boxes);
    const view = { scale: 1.5, offsetX: -20, offsetY: 10 };
    let hits = 0;
    for (let x = -10; x < 980; x += 13)
      for (let y = -10; y < 740; y += 11) {
        const point = screenPoint(x, y);
        const expected = hitTest(boxes, 'b3', view, point);
        expect(hitTest(boxes, 'b3', view, point, index)).toEqual(expected);
        if (expected.kind !== 'none') hits++;
      }
    expect(hits).toBeGreaterThan(500);
  });

  it('lists a box in every cell it overlaps, topmost first, and nothing in empty cells', () => {
    const boxes = [box('a', 10, 10, 60, 10), box('b', 40, 12, 5, 5)];
    const index = buildSpatialIndex(boxes, 32);
    expect(index.candidatesAt(framePoint(65, 15))).toEqual([0]);
    expect(index.candidatesAt(framePoint(42, 14))).toEqual([1, 0]);
    expect(index.candidatesAt(framePoint(300, 300))).toEqual([]);
  });
});

describe('scene plan', () => {
  it('batches boxes by stroke style and leaves out skipped and off-screen boxes', () => {
    const boxes = [
      box('a', 10, 10, 20, 20),
      box('b', 50, 10, 20, 20),
      box('c', 90, 10, 20, 20, { confidence: 0.3 }),
      box('d', 130, 10, 20, 20, { source: 'manual' }),
      box('e', 170, 10, 20, 20, { verified: true }),
      box('far', 900, 900, 20, 20),
      box('sel', 210, 10, 20, 20),
    ];
    const plan = planBoxes(boxes, identity, viewport, (b) => b.id === 'sel');
    expect(plan.visible).toBe(5);
    expect(plan.strokes).toHaveLength(4);
    const green = plan.strokes.find((s) => s.colour === '#2e7d32' && !s.dashed && s.lineWidth < 2);
    expect(green?.rects).toEqual([10, 10, 20, 20, 50, 10, 20, 20]);
    expect(plan.strokes.find((s) => s.dashed)?.rects).toEqual([130, 10, 20, 20]);
  });

  it('culls by the view: zoomed in on a corner, only the boxes there are planned', () => {
    const boxes = Array.from({ length: 100 }, (_, i) =>
      box(`g${i}`, (i % 10) * 60, Math.floor(i / 10) * 45, 20, 20),
    );
    const zoomed = { scale: 8, offsetX: 0, offsetY: 0 };
    const plan = planBoxes(boxes, zoomed, viewport, () => false);
    // 640 / 8 = 80 and 480 / 8 = 60 frame pixels seen: columns 0-1, rows 0-1.
    expect(plan.visible).toBe(4);
  });

  it('tags only boxes large enough on screen', () => {
    const boxes = [
      box('big', 10, 10, 20, 20, { trackId: 4, verified: true }),
      box('tiny', 60, 10, 6, 6),
    ];
    const plan = planBoxes(boxes, identity, viewport, () => false);
    const tags = plan.tags.flatMap((t) => t.tags);
    expect(tags).toEqual([{ text: 'E✓ #4', x: 11, y: 9 }]);
    expect(boxTag(box('m', 0, 0, 1, 1, { source: 'manual' }))).toBe('M');
    // Zoomed out to a fifth the large box is too small to carry its tag.
    const far = planBoxes(boxes, { scale: 0.2, offsetX: 0, offsetY: 0 }, viewport, () => false);
    expect(far.tags).toEqual([]);
  });
});

describe('layer cache', () => {
  const boxes = [box('a', 1, 1, 20, 20)];
  const key: LayerKey = {
    image: null,
    boxes,
    selectedId: 'a',
    movingId: 'a',
    view: identity,
    viewport,
  };

  it('draws once while the key holds and again when any part of it changes', () => {
    const made: { width: number; height: number }[] = [];
    const cache = new LayerCache((size) => {
      made.push(size);
      return { drawn: 0 };
    });
    const draw = (surface: { drawn: number }) => {
      surface.drawn++;
    };
    const first = cache.layerFor(key, draw);
    cache.layerFor({ ...key, view: { ...identity } }, draw);
    expect(first.drawn).toBe(1);
    cache.layerFor({ ...key, boxes: [...boxes] }, draw);
    cache.layerFor({ ...key, selectedId: null }, draw);
    cache.layerFor({ ...key, view: { ...identity, offsetX: 1 } }, draw);
    expect(cache.redraws).toBe(4);
    expect(made).toHaveLength(1);
    cache.layerFor({ ...key, viewport: { width: 320, height: 240 } }, draw);
    expect(made).toHaveLength(2);
    cache.clear();
    cache.layerFor({ ...key, viewport: { width: 320, height: 240 } }, draw);
    expect(cache.redraws).toBe(6);
  });

  it('compares boxes by identity and views by value', () => {
    expect(sameLayer(key, { ...key, view: { scale: 1, offsetX: 0, offsetY: 0 } })).toBe(true);
    expect(sameLayer(key, { ...key, boxes: [...boxes] })).toBe(false);
    expect(sameLayer(key, { ...key, movingId: null })).toBe(false);
  });
});

describe('view store', () => {
  it('notifies subscribers of changes only, and stops after unsubscribing', () => {
    const store = createViewStore(identity);
    let calls = 0;
    const stop = store.subscribe(() => calls++);
    store.set({ ...identity });
    expect(calls).toBe(0);
    store.set({ scale: 2, offsetX: 0, offsetY: 0 });
    expect(calls).toBe(1);
    expect(store.get().scale).toBe(2);
    stop();
    store.set(identity);
    expect(calls).toBe(1);
  });
});
