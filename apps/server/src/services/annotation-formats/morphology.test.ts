import { MORPHOLOGY_CLASSES } from '@sarm/contracts';
import { strFromU8 } from 'fflate';
import { crc32, deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { decodeGrayPng, encodeGrayPng } from '../../media/png.js';
import {
  MORPHOLOGY_CSV_HEADER,
  csvField,
  decodeRle,
  encodeRle,
  placeMask,
  polygonArea,
  toMorphologyCoco,
  toMorphologyMasks,
  traceContours,
  type MorphologyItem,
} from './morphology.js';

const frame = {
  id: 'frame-1',
  frameNumber: 12,
  width: 160,
  height: 120,
  fileName: 'images/frame_000012.jpg',
  video: 'clip, one',
};

/** An ellipse of 255 on 0, crop-sized. */
function ellipse(w: number, h: number, rx: number, ry: number): Uint8Array {
  const mask = new Uint8Array(w * h);
  const cx = w / 2;
  const cy = h / 2;
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++)
      if (((x + 0.5 - cx) / rx) ** 2 + ((y + 0.5 - cy) / ry) ** 2 <= 1) mask[y * w + x] = 255;
  return mask;
}

type MaskedItem = MorphologyItem & { mask: Uint8Array };
const item = (overrides: Partial<MaskedItem> = {}): MaskedItem => ({
  morphometry: {
    area_um2: 10.5,
    perimeter_um: 12,
    length_um: 5.2,
    width_um: 3.1,
    ellipticity: 1.68,
    elongation: 0.25,
    regularity: 1.01,
  },
  detectionId: 'det-1',
  frame,
  cropRect: { x: 50, y: 30, w: 40, h: 30 },
  mask: ellipse(40, 30, 15, 9),
  morphologyClass: 'head_defect',
  annotatedClass: 'abnormal_head',
  annotatorConfidence: 4,
  notes: 'Tapered, "pear" shape',
  quality: 'good',
  points: [{ x: 20, y: 15, label: 1 }],
  annotator: 'user-1',
  ...overrides,
});

const count = (mask: Uint8Array) => mask.reduce((sum, v) => sum + (v === 0 ? 0 : 1), 0);

const CocoSchema = z.object({
  images: z.array(
    z.object({ id: z.number(), file_name: z.string(), width: z.number(), height: z.number() }),
  ),
  categories: z.array(z.object({ id: z.number(), name: z.string() })),
  annotations: z.array(
    z.object({
      id: z.number(),
      image_id: z.number(),
      category_id: z.number(),
      bbox: z.array(z.number()).length(4),
      area: z.number(),
      segmentation: z.array(z.array(z.number())),
      rle: z.object({ counts: z.array(z.number()), size: z.tuple([z.number(), z.number()]) }),
      attributes: z.looseObject({
        morphology_class: z.string(),
        quality: z.string().nullable(),
        points: z.array(z.object({ x: z.number(), y: z.number(), label: z.number() })),
      }),
    }),
  ),
});

describe('morphology COCO', () => {
  const coco = CocoSchema.parse(JSON.parse(toMorphologyCoco([item()])));
  const annotation = coco.annotations[0];

  it('has the six classes as categories 1..6 and the frame as image', () => {
    expect(coco.categories.map((c) => [c.id, c.name])).toEqual(
      MORPHOLOGY_CLASSES.map((name, index) => [index + 1, name]),
    );
    expect(coco.images).toEqual([
      expect.objectContaining({ id: 1, file_name: frame.fileName, width: 160, height: 120 }),
    ]);
    expect(annotation?.category_id).toBe(2);
    expect(annotation?.attributes).toEqual({
      morphology_class: 'head_defect',
      annotated_class: 'abnormal_head',
      annotator_confidence: 4,
      notes: 'Tapered, "pear" shape',
      quality: 'good',
      points: [{ x: 70, y: 45, label: 1 }],
      annotator: 'user-1',
      crop: { x: 50, y: 30, w: 40, h: 30 },
      morphometry: item().morphometry,
    });
  });

  it('round-trips the mask through the RLE, placed in the frame', () => {
    const mask = item().mask;
    const decoded = decodeRle(annotation?.rle ?? { counts: [], size: [0, 0] });
    expect(annotation?.rle.size).toEqual([120, 160]);
    expect(decoded).toHaveLength(160 * 120);
    for (let y = 0; y < 120; y++)
      for (let x = 0; x < 160; x++) {
        const inCrop = x >= 50 && x < 90 && y >= 30 && y < 60;
        const expected = inCrop && mask[(y - 30) * 40 + (x - 50)] === 255 ? 1 : 0;
        if (decoded[y * 160 + x] !== expected) throw new Error(`pixel ${x},${y} differs`);
      }
    expect(annotation?.area).toBe(count(mask));
    expect(annotation?.rle.counts.reduce((a, b) => a + b, 0)).toBe(160 * 120);
  });

  it('boxes the mask tightly in frame coordinates', () => {
    // Ellipse of radii 15 x 9 centred in the 40 x 30 crop at (50, 30).
    expect(annotation?.bbox).toEqual([55, 36, 30, 18]);
  });

  it('traces one outer polygon whose area is the pixel count', () => {
    expect(annotation?.segmentation).toHaveLength(1);
    const polygon = annotation?.segmentation[0] ?? [];
    expect(polygon.length).toBeGreaterThanOrEqual(6);
    expect(polygon.length % 2).toBe(0);
    const pixels = annotation?.area ?? 0;
    expect(Math.abs(polygonArea(polygon) - pixels)).toBeLessThanOrEqual(pixels * 0.1);
    const xs = polygon.filter((_, i) => i % 2 === 0);
    const ys = polygon.filter((_, i) => i % 2 === 1);
    expect(Math.min(...xs)).toBe(55);
    expect(Math.max(...xs)).toBe(85);
    expect(Math.min(...ys)).toBe(36);
    expect(Math.max(...ys)).toBe(54);
  });

  it('unknown or missing classes export as unknown; an empty mask has no polygon', () => {
    const doc = CocoSchema.parse(
      JSON.parse(
        toMorphologyCoco([
          item({ morphologyClass: null }),
          item({
            detectionId: 'det-2',
            morphologyClass: 'abnormal_tail',
            mask: new Uint8Array(1200),
          }),
        ]),
      ),
    );
    expect(doc.images).toHaveLength(1);
    expect(doc.annotations.map((a) => a.category_id)).toEqual([6, 4]);
    expect(doc.annotations[1]?.segmentation).toEqual([]);
    expect(doc.annotations[1]?.area).toBe(0);
  });
});

describe('contours', () => {
  it('keeps regions separate, skips holes and matches pixel counts exactly', () => {
    // A 5x5 ring (hole in the middle) and a single pixel touching it at a corner.
    const w = 8;
    const h = 7;
    const mask = new Uint8Array(w * h);
    for (let y = 0; y < 5; y++)
      for (let x = 0; x < 5; x++) if (x === 0 || y === 0 || x === 4 || y === 4) mask[y * w + x] = 1;
    mask[5 * w + 5] = 1;
    const polygons = traceContours(mask, w, h);
    expect(polygons).toHaveLength(2);
    expect(polygons.map(polygonArea).sort((a, b) => a - b)).toEqual([1, 25]);
    expect(polygons[0]).toEqual([5, 0, 5, 5, 0, 5, 0, 0]);
  });

  it('encodes COCO RLE column-major, starting with the zeros', () => {
    // 2 rows x 3 columns: column 0 = [0,1], column 1 = [1,1], column 2 = [0,0].
    const mask = Uint8Array.from([0, 1, 0, 1, 1, 0]);
    const rle = encodeRle(mask, 3, 2);
    expect(rle).toEqual({ counts: [1, 3, 2], size: [2, 3] });
    expect(decodeRle(rle)).toEqual(mask);
    expect(encodeRle(Uint8Array.from([1, 1]), 2, 1).counts).toEqual([0, 2]);
  });

  it('clips a crop that reaches past the frame', () => {
    const placed = placeMask(
      item({ cropRect: { x: 150, y: 110, w: 20, h: 20 }, mask: new Uint8Array(400).fill(255) }),
    );
    expect(count(placed)).toBe(100);
  });
});

describe('masks layout', () => {
  const items = [item(), item({ detectionId: 'det-2', quality: null, morphologyClass: 'normal' })];
  const files = toMorphologyMasks(items);

  it('writes one crop-sized PNG per item that decodes to the mask', () => {
    expect([...files.keys()].sort()).toEqual(['labels.csv', 'masks/det-1.png', 'masks/det-2.png']);
    const png = decodeGrayPng(files.get('masks/det-1.png') ?? new Uint8Array());
    expect([png.width, png.height]).toEqual([40, 30]);
    expect(png.pixels).toEqual(item().mask);
  });

  it('writes a CSV row per item, escaping commas', () => {
    const lines = strFromU8(files.get('labels.csv') ?? new Uint8Array())
      .trimEnd()
      .split('\n');
    expect(lines[0]).toBe(MORPHOLOGY_CSV_HEADER);
    expect(lines).toHaveLength(3);
    const shape = '10.5,12,5.2,3.1,1.68,0.25,1.01';
    expect(lines[1]).toBe(
      `det-1,12,"clip, one",head_defect,abnormal_head,4,"Tapered, ""pear"" shape",good,50,30,40,30,masks/det-1.png,${shape}`,
    );
    expect(lines[2]).toBe(
      `det-2,12,"clip, one",normal,abnormal_head,4,"Tapered, ""pear"" shape",,50,30,40,30,masks/det-2.png,${shape}`,
    );
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('line\nbreak')).toBe('"line\nbreak"');
  });
});

/** A PNG chunk: length, type, data, CRC. */
function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const tail = Buffer.alloc(4);
  tail.writeUInt32BE(crc32(data, crc32(head.subarray(4))), 0);
  return Buffer.concat([head, data, tail]);
}

/** The Paeth predictor, written out again for the test's encoder. */
function paeth(a: number, b: number, c: number) {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/** A grey PNG whose rows use the given filters (cycled), in two IDAT chunks. */
function filteredPng(width: number, height: number, pixels: Uint8Array, filters: number[]) {
  const raw = Buffer.alloc((width + 1) * height);
  const at = (x: number, y: number) => (x < 0 || y < 0 ? 0 : (pixels[y * width + x] ?? 0));
  for (let y = 0; y < height; y++) {
    const filter = filters[y % filters.length] ?? 0;
    raw[y * (width + 1)] = filter;
    for (let x = 0; x < width; x++) {
      const [value, left, up, upLeft] = [at(x, y), at(x - 1, y), at(x, y - 1), at(x - 1, y - 1)];
      const predicted = [0, left, up, (left + up) >> 1, paeth(left, up, upLeft)][filter] ?? 0;
      raw[y * (width + 1) + 1 + x] = (value - predicted) & 0xff;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  const data = deflateSync(raw);
  const half = Math.floor(data.length / 2);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('tEXt', Buffer.from('Comment\0test', 'latin1')),
    chunk('IDAT', data.subarray(0, half)),
    chunk('IDAT', data.subarray(half)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('decodeGrayPng', () => {
  const width = 13;
  const height = 10;
  // Gradients and noise, so every predictor matters and wraps around 255.
  const pixels = Uint8Array.from(
    { length: width * height },
    (_, i) => (i * 37 + ((i * i) % 11) * 19 + (i % width) * 5) % 256,
  );

  it('decodes what encodeGrayPng encodes', () => {
    const mask = ellipse(40, 30, 15, 9);
    expect(decodeGrayPng(encodeGrayPng(40, 30, mask))).toEqual({
      width: 40,
      height: 30,
      pixels: mask,
    });
  });

  it.each([
    ['Sub', [1]],
    ['Up', [2]],
    ['Average', [3]],
    ['Paeth', [4]],
    ['all five, row by row', [0, 1, 2, 3, 4]],
  ])('decodes rows filtered with %s', (_, filters) => {
    const decoded = decodeGrayPng(filteredPng(width, height, pixels, filters));
    expect(decoded.width).toBe(width);
    expect(decoded.height).toBe(height);
    expect(decoded.pixels).toEqual(pixels);
  });

  it('refuses what is not an 8-bit grey PNG', () => {
    expect(() => decodeGrayPng(new Uint8Array([1, 2, 3]))).toThrow(/Not a PNG/);
    const rgb = filteredPng(2, 2, new Uint8Array(4), [0]);
    rgb[8 + 8 + 9] = 2;
    expect(() => decodeGrayPng(rgb)).toThrow(/8-bit grey/);
  });
});

describe('a classification without a mask', () => {
  const unmasked: MorphologyItem = {
    ...item({ detectionId: 'det-3' }),
    mask: null,
    morphometry: null,
  };

  it('exports a COCO annotation with its crop as the box and no segmentation', () => {
    const Annotations = z.object({
      annotations: z.array(
        z.looseObject({
          bbox: z.array(z.number()),
          area: z.number(),
          segmentation: z.array(z.array(z.number())),
          rle: z.unknown(),
        }),
      ),
    });
    const coco = Annotations.parse(JSON.parse(toMorphologyCoco([item(), unmasked])));
    const [masked, bare] = coco.annotations;
    expect(bare?.bbox).toEqual([50, 30, 40, 30]);
    expect(bare?.area).toBe(0);
    expect(bare?.segmentation).toEqual([]);
    expect(bare?.rle).toBeNull();
    expect(masked?.segmentation.length).toBeGreaterThan(0);
  });

  it('gets a labels.csv row with empty mask and morphometry columns and no PNG', () => {
    const files = toMorphologyMasks([item(), unmasked]);
    expect([...files.keys()].sort()).toEqual(['labels.csv', 'masks/det-1.png']);
    const lines = strFromU8(files.get('labels.csv') ?? new Uint8Array())
      .trimEnd()
      .split('\n');
    expect(lines[2]).toBe(
      'det-3,12,"clip, one",head_defect,abnormal_head,4,"Tapered, ""pear"" shape",good,50,30,40,30,,,,,,,,',
    );
  });
});
