/**
 * Generated labelled crops of single sperm cells for tests and benchmarks: a bright head with a
 * midpiece and a tail on a noisy background, where each class changes what is drawn. Head defect:
 * a round, large or tapered head. Midpiece defect: a thick or bent midpiece. Tail defect: a coiled
 * or short tail. Multiple defects: a head defect with a midpiece or tail defect.
 */
import type { Random } from '../random.js';
import { normal, seededRandom } from '../random.js';
import type { Field, HeadShape, Point, Segment } from './draw.js';
import { blurField, drawPart } from './draw.js';
import type { MorphologySample } from './types.js';

/** The classes the generator draws; a sample's label indexes this list. */
export const SYNTHETIC_MORPHOLOGY_CLASSES = [
  'normal',
  'head_defect',
  'midpiece_defect',
  'tail_defect',
  'multiple_defects',
] as const;

/** How many crops to draw and how they look. */
export interface MorphologyCropOptions {
  readonly count: number;
  readonly seed: number;
  /** Crop width and height, each drawn uniformly from this range (inclusive), pixels. */
  readonly size: readonly [number, number];
  /** Add a cell mask to every sample. */
  readonly masks: boolean;
  /** Largest Gaussian noise sigma, grey levels. */
  readonly noiseSigma: number;
}

const DEFAULTS: MorphologyCropOptions = {
  count: 50,
  seed: 1,
  size: [40, 64],
  masks: false,
  noiseSigma: 8,
};

/**
 * `count` crops with labels cycling through the classes (so every class is equally common); the
 * same options give the same bytes.
 */
export function generateMorphologyCrops(
  options: Partial<MorphologyCropOptions> = {},
): MorphologySample[] {
  const o = { ...DEFAULTS, ...options };
  const random = seededRandom(o.seed);
  const between = (lo: number, hi: number): number => lo + random() * (hi - lo);
  return Array.from({ length: o.count }, (_, n) => {
    const label = n % SYNTHETIC_MORPHOLOGY_CLASSES.length;
    const width = Math.floor(between(o.size[0], o.size[1] + 1));
    const height = Math.floor(between(o.size[0], o.size[1] + 1));
    const cover: Field = { width, height, values: new Float32Array(width * height) };
    const cell = placeCell(drawCell(label, Math.min(width, height), random), width, height, random);
    drawPart(cover, cell.head, 1);
    for (const s of cell.midpiece) drawPart(cover, s, 0.8);
    for (const s of cell.tail) drawPart(cover, s, 0.6);
    const mask = Uint8Array.from(cover.values, (v) => (v > 0.3 ? 1 : 0));
    const field: Field = { width, height, values: cover.values.slice() };
    const background = between(50, 130);
    const contrast = between(50, 100);
    field.values.forEach((v, i) => {
      field.values[i] = background + contrast * v;
    });
    if (random() < 0.6) blurField(field);
    const sigma = between(1, o.noiseSigma);
    const data = Uint8Array.from(field.values, (v) =>
      Math.round(Math.min(255, Math.max(0, v + sigma * normal(random)))),
    );
    const crop = { width, height, data };
    return o.masks ? { crop, mask, label } : { crop, label };
  });
}

interface Cell {
  head: HeadShape;
  midpiece: Segment[];
  tail: Segment[];
}

type Defect = 'head' | 'midpiece' | 'tail';

function defectsOf(label: number, random: Random): Defect[] {
  const name = SYNTHETIC_MORPHOLOGY_CLASSES[label] ?? 'normal';
  switch (name) {
    case 'head_defect':
      return ['head'];
    case 'midpiece_defect':
      return ['midpiece'];
    case 'tail_defect':
      return ['tail'];
    case 'multiple_defects':
      return ['head', random() < 0.5 ? 'midpiece' : 'tail'];
    case 'normal':
      return [];
  }
}

/**
 * A cell in its own frame, head first along +x with its centre at the origin; sizes are shares of
 * `size` (the crop's shorter side), each varied by about ±10%.
 */
function drawCell(label: number, size: number, random: Random): Cell {
  const defects = defectsOf(label, random);
  const vary = (share: number): number => share * size * (0.9 + 0.2 * random());
  const pick = <T>(options: readonly [T, ...T[]]): T =>
    options[Math.floor(random() * options.length)] ?? options[0];
  let head: HeadShape = {
    centre: { x: 0, y: 0 },
    angle: 0,
    a: vary(0.09),
    b: vary(0.055),
    taper: 0,
  };
  if (defects.includes('head')) {
    const kind = pick(['round', 'large', 'tapered'] as const);
    if (kind === 'round') head = { ...head, a: vary(0.07), b: vary(0.07) };
    if (kind === 'large') head = { ...head, a: vary(0.14), b: vary(0.085) };
    if (kind === 'tapered') head = { ...head, a: vary(0.1), b: vary(0.06), taper: 1.2 };
  }
  const midpieceKind = defects.includes('midpiece') ? pick(['thick', 'bent'] as const) : 'normal';
  const midRadius = Math.max(0.6, vary(midpieceKind === 'thick' ? 0.05 : 0.022));
  const midLength = vary(0.13);
  const bend = midpieceKind === 'bent' ? (random() < 0.5 ? -1 : 1) * (0.8 + 0.6 * random()) : 0;
  const start: Point = { x: -head.a * 0.9, y: 0 };
  const elbow: Point = { x: start.x - midLength / 2, y: 0 };
  const end: Point = {
    x: elbow.x - (Math.cos(bend) * midLength) / 2,
    y: (Math.sin(bend) * midLength) / 2,
  };
  const midpiece = [
    { from: start, to: elbow, radius: midRadius },
    { from: elbow, to: end, radius: midRadius },
  ];
  const tailKind = defects.includes('tail') ? pick(['coiled', 'short'] as const) : 'normal';
  const tailRadius = Math.max(0.5, vary(0.01));
  const direction = Math.PI + bend;
  const tail =
    tailKind === 'coiled'
      ? coiledTail(end, direction, vary(0.07), tailRadius, random)
      : wavyTail(end, direction, vary(tailKind === 'short' ? 0.12 : 0.45), tailRadius, random);
  return { head, midpiece, tail };
}

/** A gently waving tail leaving `from` in `direction`. */
function wavyTail(
  from: Point,
  direction: number,
  length: number,
  radius: number,
  random: Random,
): Segment[] {
  const amplitude = length * (0.03 + 0.05 * random());
  const phase = random() * 2 * Math.PI;
  const along = { x: Math.cos(direction), y: Math.sin(direction) };
  const points = Array.from({ length: 11 }, (_, i) => {
    const s = (i / 10) * length;
    const side = amplitude * (i / 10) * Math.sin((4 * Math.PI * s) / length + phase);
    return { x: from.x + along.x * s - along.y * side, y: from.y + along.y * s + along.x * side };
  });
  return chain(points, radius);
}

/** A tail curled into about one and a half turns of a loop beside the midpiece's end. */
function coiledTail(
  from: Point,
  direction: number,
  loopRadius: number,
  radius: number,
  random: Random,
): Segment[] {
  const turn = random() < 0.5 ? -1 : 1;
  const centreAngle = direction + (turn * Math.PI) / 2;
  const centre = {
    x: from.x + loopRadius * Math.cos(centreAngle),
    y: from.y + loopRadius * Math.sin(centreAngle),
  };
  const startAngle = centreAngle + Math.PI;
  const points = Array.from({ length: 19 }, (_, i) => {
    const angle = startAngle + turn * (i / 18) * 3 * Math.PI;
    const r = loopRadius * (1 - 0.25 * (i / 18));
    return { x: centre.x + r * Math.cos(angle), y: centre.y + r * Math.sin(angle) };
  });
  return chain(points, radius);
}

function chain(points: readonly Point[], radius: number): Segment[] {
  return points.slice(1).map((to, i) => ({ from: points[i] ?? to, to, radius }));
}

/** Turns the cell by a random angle and centres it (±5% jitter) in a `width` x `height` crop. */
function placeCell(cell: Cell, width: number, height: number, random: Random): Cell {
  const angle = random() * 2 * Math.PI;
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const all = [
    cell.head.centre,
    ...[...cell.midpiece, ...cell.tail].flatMap((s) => [s.from, s.to]),
  ];
  const front = { x: cell.head.a, y: 0 };
  const xs = [...all, front].map((p) => p.x);
  const ys = [...all, front].map((p) => p.y);
  const middle = {
    x: (Math.min(...xs) + Math.max(...xs)) / 2,
    y: (Math.min(...ys) + Math.max(...ys)) / 2,
  };
  const target = {
    x: width / 2 + (random() - 0.5) * 0.1 * width,
    y: height / 2 + (random() - 0.5) * 0.1 * height,
  };
  const move = (p: Point): Point => {
    const x = p.x - middle.x;
    const y = p.y - middle.y;
    return { x: target.x + x * cos - y * sin, y: target.y + x * sin + y * cos };
  };
  const moveSegment = (s: Segment): Segment => ({ ...s, from: move(s.from), to: move(s.to) });
  return {
    head: { ...cell.head, centre: move(cell.head.centre), angle: cell.head.angle + angle },
    midpiece: cell.midpiece.map(moveSegment),
    tail: cell.tail.map(moveSegment),
  };
}
