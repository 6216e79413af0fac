import { MORPHOLOGY_CLASSES, toMorphologyClass, type MorphologyClass } from '@sarm/contracts';
import { encodeGrayPng } from '../../media/png.js';
import type { MaskMorphometry } from '@sarm/casa';

/** A frame a morphology item lies on; `fileName` is its image's path in the export. */
export interface MorphologyFrame {
  readonly id: string;
  readonly frameNumber: number;
  readonly width: number;
  readonly height: number;
  readonly fileName: string;
  /** The video's name (the CSV's `video` column). */
  readonly video: string;
}

/** A prompt point in crop pixels. */
export interface MorphologyPoint {
  readonly x: number;
  readonly y: number;
  readonly label: 0 | 1;
}

/**
 * One morphology item: a crop-sized mask (0 off, anything else on) placed at `cropRect`, or no
 * mask when the crop was only classified.
 */
export interface MorphologyItem {
  readonly detectionId: string;
  readonly frame: MorphologyFrame;
  /** The crop's place in the frame; the mask has `w * h` pixels. */
  readonly cropRect: {
    readonly x: number;
    readonly y: number;
    readonly w: number;
    readonly h: number;
  };
  /** Null for a classification without a mask. */
  readonly mask: Uint8Array | null;
  readonly morphologyClass: string | null;
  /** The class as the annotator chose it (a labeling-page class such as cytoplasmic_droplet). */
  readonly annotatedClass: string;
  /** The annotator's confidence, 1 to 5; null when not given. */
  readonly annotatorConfidence: number | null;
  readonly notes: string;
  readonly quality: string | null;
  readonly points: readonly MorphologyPoint[] | null;
  readonly annotator: string | null;
  /** Head morphometry of the mask at the dataset's scale; null without a mask. */
  readonly morphometry: MaskMorphometry | null;
}

/** COCO uncompressed RLE: run lengths over the column-major pixels, starting with a 0 run. */
export interface CocoRle {
  readonly counts: number[];
  /** [height, width] */
  readonly size: [number, number];
}

/** The class an item exports as: its stored class, or `unknown`. */
export const morphologyClassOf = (item: Pick<MorphologyItem, 'morphologyClass'>): MorphologyClass =>
  (item.morphologyClass === null ? null : toMorphologyClass(item.morphologyClass)) ?? 'unknown';

/** COCO category id of a class: 1..6 in MORPHOLOGY_CLASSES order. */
export const morphologyCategoryId = (name: MorphologyClass) => MORPHOLOGY_CLASSES.indexOf(name) + 1;

/** The part of the crop inside the frame, as a binary (0/1) mask of its own. */
function clippedMask(item: MorphologyItem & { mask: Uint8Array }) {
  const { cropRect: r, frame, mask } = item;
  if (mask.length !== r.w * r.h)
    throw new Error(`Mask of ${item.detectionId} is not ${r.w}x${r.h} pixels`);
  const x0 = Math.max(0, r.x);
  const y0 = Math.max(0, r.y);
  const x1 = Math.min(frame.width, r.x + r.w);
  const y1 = Math.min(frame.height, r.y + r.h);
  const width = Math.max(0, x1 - x0);
  const height = Math.max(0, y1 - y0);
  const data = new Uint8Array(width * height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      data[y * width + x] = (mask[(y0 - r.y + y) * r.w + (x0 - r.x + x)] ?? 0) === 0 ? 0 : 1;
  return { x: x0, y: y0, width, height, data };
}

/** The mask placed in a frame-sized 0/1 mask (rows of `frame.width` bytes). */
export function placeMask(item: MorphologyItem & { mask: Uint8Array }): Uint8Array {
  const { frame } = item;
  const clipped = clippedMask(item);
  const placed = new Uint8Array(frame.width * frame.height);
  for (let y = 0; y < clipped.height; y++)
    placed.set(
      clipped.data.subarray(y * clipped.width, (y + 1) * clipped.width),
      (clipped.y + y) * frame.width + clipped.x,
    );
  return placed;
}

/** COCO uncompressed RLE of a row-major mask (non-zero is on). */
export function encodeRle(mask: Uint8Array, width: number, height: number): CocoRle {
  const counts: number[] = [];
  let current = 0;
  let run = 0;
  for (let x = 0; x < width; x++)
    for (let y = 0; y < height; y++) {
      const on = (mask[y * width + x] ?? 0) === 0 ? 0 : 1;
      if (on !== current) {
        counts.push(run);
        run = 0;
        current = on;
      }
      run += 1;
    }
  counts.push(run);
  return { counts, size: [height, width] };
}

/** The row-major 0/1 mask of a COCO uncompressed RLE. */
export function decodeRle(rle: CocoRle): Uint8Array {
  const [height, width] = rle.size;
  const mask = new Uint8Array(width * height);
  let index = 0;
  let value = 0;
  for (const count of rle.counts) {
    if (value === 1)
      for (let i = index; i < index + count && i < width * height; i++) {
        const x = Math.floor(i / height);
        const y = i % height;
        mask[y * width + x] = 1;
      }
    index += count;
    value = 1 - value;
  }
  return mask;
}

/** Directions on the pixel-corner grid (y down): right, down, left, up. */
const DX = [1, 0, -1, 0] as const;
const DY = [0, 1, 0, -1] as const;

/**
 * Outer contours of a binary mask (non-zero on), traced along the pixels' edges: each polygon
 * follows the boundary of a 4-connected region clockwise on screen, with corners at pixel corners,
 * so its shoelace area is the region's pixel count (holes are not subtracted). Only corners are
 * kept, so every polygon has at least 4 points, as flat [x1, y1, x2, y2, ...].
 */
export function traceContours(mask: Uint8Array, width: number, height: number): number[][] {
  const stride = width + 1;
  const on = (x: number, y: number) =>
    x >= 0 && y >= 0 && x < width && y < height && (mask[y * width + x] ?? 0) !== 0;
  // Bit d of edges[v]: a boundary edge leaves corner v in direction d, the region on its right.
  const edges = new Uint8Array(stride * (height + 1));
  const mark = (vertex: number, bit: number) => {
    edges[vertex] = (edges[vertex] ?? 0) | bit;
  };
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      if (!on(x, y)) continue;
      if (!on(x, y - 1)) mark(y * stride + x, 1); // top, going right
      if (!on(x + 1, y)) mark(y * stride + x + 1, 2); // right side, going down
      if (!on(x, y + 1)) mark((y + 1) * stride + x + 1, 4); // bottom, going left
      if (!on(x - 1, y)) mark((y + 1) * stride + x, 8); // left side, going up
    }
  const unused = Uint8Array.from(edges);
  const polygons: number[][] = [];
  for (let start = 0; start < unused.length; start++) {
    while ((unused[start] ?? 0) !== 0) {
      const bits = unused[start] ?? 0;
      const startDir = [0, 1, 2, 3].find((d) => (bits & (1 << d)) !== 0) ?? 0;
      const corners: number[] = [];
      let vertex = start;
      let dir = startDir;
      let area2 = 0;
      for (;;) {
        unused[vertex] = (unused[vertex] ?? 0) & ~(1 << dir);
        const x = vertex % stride;
        const y = Math.floor(vertex / stride);
        const next = vertex + (DY[dir] ?? 0) * stride + (DX[dir] ?? 0);
        const nx = next % stride;
        const ny = Math.floor(next / stride);
        area2 += x * ny - nx * y;
        vertex = next;
        // A turn to the right first: regions touching at a corner stay separate polygons.
        const available = edges[vertex] ?? 0;
        const turn = [1, 0, 3].map((t) => (dir + t) % 4).find((d) => (available & (1 << d)) !== 0);
        if (turn === undefined) break;
        if (turn !== dir) corners.push(nx, ny);
        if (vertex === start && turn === startDir) break;
        dir = turn;
      }
      // Holes run the other way (negative area); only outer contours are kept.
      if (area2 > 0 && corners.length >= 6) polygons.push(corners);
    }
  }
  return polygons;
}

/** Twice the signed (shoelace) area of a flat polygon. */
export function polygonArea(polygon: readonly number[]): number {
  let sum = 0;
  const n = polygon.length / 2;
  for (let i = 0; i < n; i++) {
    const j = (i + 1) % n;
    sum +=
      (polygon[2 * i] ?? 0) * (polygon[2 * j + 1] ?? 0) -
      (polygon[2 * j] ?? 0) * (polygon[2 * i + 1] ?? 0);
  }
  return Math.abs(sum) / 2;
}

/** The item's attributes beside its geometry. */
function attributesOf(item: MorphologyItem) {
  return {
    morphology_class: morphologyClassOf(item),
    annotated_class: item.annotatedClass,
    annotator_confidence: item.annotatorConfidence,
    notes: item.notes,
    quality: item.quality,
    // Prompt points in frame pixels, like the rest of the file.
    points: (item.points ?? []).map((point) => ({
      x: point.x + item.cropRect.x,
      y: point.y + item.cropRect.y,
      label: point.label,
    })),
    annotator: item.annotator,
    crop: { ...item.cropRect },
    morphometry: item.morphometry,
  };
}

/**
 * A classified crop without a mask: its crop region (clipped to the frame) as the box, no area
 * and no segmentation.
 */
function unmaskedAnnotationOf(item: MorphologyItem, id: number, imageId: number) {
  const { cropRect: r, frame } = item;
  const x = Math.max(0, r.x);
  const y = Math.max(0, r.y);
  const w = Math.max(0, Math.min(frame.width, r.x + r.w) - x);
  const h = Math.max(0, Math.min(frame.height, r.y + r.h) - y);
  return {
    id,
    image_id: imageId,
    category_id: morphologyCategoryId(morphologyClassOf(item)),
    bbox: [x, y, w, h],
    area: 0,
    iscrowd: 0,
    segmentation: [],
    rle: null,
    detection_id: item.detectionId,
    attributes: attributesOf(item),
  };
}

/** A COCO annotation of one item, in frame coordinates. */
function annotationOf(item: MorphologyItem, id: number, imageId: number) {
  const { mask } = item;
  if (mask === null) return unmaskedAnnotationOf(item, id, imageId);
  const masked = { ...item, mask };
  const clipped = clippedMask(masked);
  let area = 0;
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (let y = 0; y < clipped.height; y++)
    for (let x = 0; x < clipped.width; x++)
      if (clipped.data[y * clipped.width + x] === 1) {
        area += 1;
        minX = Math.min(minX, x);
        minY = Math.min(minY, y);
        maxX = Math.max(maxX, x);
        maxY = Math.max(maxY, y);
      }
  const bbox =
    area === 0
      ? [clipped.x, clipped.y, 0, 0]
      : [clipped.x + minX, clipped.y + minY, maxX - minX + 1, maxY - minY + 1];
  const segmentation = traceContours(clipped.data, clipped.width, clipped.height).map((polygon) =>
    polygon.map((value, index) => value + (index % 2 === 0 ? clipped.x : clipped.y)),
  );
  return {
    id,
    image_id: imageId,
    category_id: morphologyCategoryId(morphologyClassOf(item)),
    bbox,
    area,
    iscrowd: 0,
    segmentation,
    rle: encodeRle(placeMask(masked), item.frame.width, item.frame.height),
    detection_id: item.detectionId,
    attributes: attributesOf(item),
  };
}

/**
 * COCO instance segmentation JSON of morphology items: one image per frame, the six morphology
 * classes as categories, and per item its polygons (`segmentation`), its uncompressed RLE in frame
 * size (`rle`), the mask's tight `bbox` and pixel `area`, and the class, quality and points.
 */
export function toMorphologyCoco(items: readonly MorphologyItem[]): string {
  const images: {
    id: number;
    file_name: string;
    width: number;
    height: number;
    frame_number: number;
    video: string;
  }[] = [];
  const imageIds = new Map<string, number>();
  for (const { frame } of items)
    if (!imageIds.has(frame.id)) {
      imageIds.set(frame.id, images.length + 1);
      images.push({
        id: images.length + 1,
        file_name: frame.fileName,
        width: frame.width,
        height: frame.height,
        frame_number: frame.frameNumber,
        video: frame.video,
      });
    }
  const document = {
    info: { description: 'SARM sperm morphology annotations', version: '1.0' },
    images,
    annotations: items.map((item, index) =>
      annotationOf(item, index + 1, imageIds.get(item.frame.id) ?? 0),
    ),
    categories: MORPHOLOGY_CLASSES.map((name) => ({
      id: morphologyCategoryId(name),
      name,
      supercategory: 'sperm',
    })),
  };
  return JSON.stringify(document);
}

/** A CSV field, quoted when it holds a comma, a quote or a line break. */
export function csvField(value: string | number | null): string {
  const text = value === null ? '' : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const MORPHOLOGY_CSV_HEADER =
  'detection_id,frame_number,video,class,annotated_class,annotator_confidence,notes,quality,' +
  'crop_x,crop_y,crop_width,crop_height,mask_file,' +
  'area_um2,perimeter_um,length_um,width_um,ellipticity,elongation,regularity';

/** The mask file of an item in the `masks` layout. */
export const maskFileName = (detectionId: string) => `masks/${detectionId}.png`;

/**
 * The `masks` layout: `masks/<detectionId>.png` (the crop-sized mask, 255 on the cell) and
 * `labels.csv` with one row per item; a classification without a mask has no PNG and empty
 * mask and morphometry columns.
 */
export function toMorphologyMasks(items: readonly MorphologyItem[]): Map<string, Uint8Array> {
  const files = new Map<string, Uint8Array>();
  const rows = [MORPHOLOGY_CSV_HEADER];
  for (const item of items) {
    const { cropRect: r, mask, morphometry } = item;
    if (mask !== null) {
      const pixels = mask.map((value) => (value === 0 ? 0 : 255));
      files.set(maskFileName(item.detectionId), new Uint8Array(encodeGrayPng(r.w, r.h, pixels)));
    }
    rows.push(
      [
        item.detectionId,
        item.frame.frameNumber,
        item.frame.video,
        morphologyClassOf(item),
        item.annotatedClass,
        item.annotatorConfidence,
        item.notes,
        item.quality,
        r.x,
        r.y,
        r.w,
        r.h,
        mask === null ? null : maskFileName(item.detectionId),
        ...(morphometry === null
          ? Array<null>(7).fill(null)
          : [
              morphometry.area_um2,
              morphometry.perimeter_um,
              morphometry.length_um,
              morphometry.width_um,
              morphometry.ellipticity,
              morphometry.elongation,
              morphometry.regularity,
            ].map((value) => Number(value.toFixed(3)))),
      ]
        .map(csvField)
        .join(','),
    );
  }
  files.set('labels.csv', new TextEncoder().encode(`${rows.join('\n')}\n`));
  return files;
}
