import {
  AutoSuggestResponseSchema,
  BUILTIN_SEGMENTER_ID,
  CropListResponseSchema,
  MaskResultSchema,
  SamModelInstallResponseSchema,
  SegmentationModelListSchema,
  type Detection,
} from '@sarm/contracts';
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { renderVisualization } from '../media/detection-images.js';
import { decodeGrayPng } from '../media/png.js';
import { adminCaller } from '../test/admin-helpers.js';
import { buildTestSamDecoder, buildTestSamEncoder } from '../test/onnx-builder.js';
import {
  seedTechnical,
  NO_PERMISSION,
  type Caller,
  type TechnicalFixture,
} from '../test/technical-fixture.js';

/**
 * An administrator imports a SAM-family ONNX pair (built by the test, input 64×64) for a SAM id;
 * masks and suggestions with that id then come from it, and after uninstalling from the
 * built-in segmenter again. The frame under the crop is replaced by a dark image with one bright
 * ellipse, so the expected mask is known.
 */
const SIZE = 64;
const IMPORT = '/api/technical/segmentation-models/import';
const ELLIPSE = { cx: 160, cy: 120, rx: 14, ry: 9 };
const inEllipse = (x: number, y: number) =>
  ((x + 0.5 - ELLIPSE.cx) / ELLIPSE.rx) ** 2 + ((y + 0.5 - ELLIPSE.cy) / ELLIPSE.ry) ** 2 <= 1;

let fx: TechnicalFixture;
let admin: Caller;
let head: Detection;
let place = { x1: 0, y1: 0, x2: 0, y2: 0 };

beforeAll(async () => {
  fx = await seedTechnical();
  admin = await adminCaller(fx.server);
  const frame = fx.frames[2];
  if (frame === undefined) throw new Error('no frame');
  const gray = new Uint8Array(frame.width * frame.height).fill(30);
  for (let y = 0; y < frame.height; y++)
    for (let x = 0; x < frame.width; x++) if (inEllipse(x, y)) gray[y * frame.width + x] = 220;
  await fx.server.context.storage.put(
    frame.storageKey,
    Readable.from([await renderVisualization(gray, frame.width, frame.height, [])]),
  );
  head = await fx.drawBox(frame, { x1: 142, y1: 108, x2: 178, y2: 132 });
  const crops = CropListResponseSchema.parse(
    (await fx.annotator.call('POST', '/api/technical/crops/filter', { frame_id: frame.id })).json(),
  ).crops;
  const crop = crops.find((c) => c.detection_id === head.id);
  if (crop === undefined) throw new Error('no crop');
  place = crop.bounding_box;
}, 120_000);
afterAll(async () => {
  await fx.close();
});

const ErrorSchema = z.object({ statusCode: z.number(), message: z.string() });

/** A multipart body with text fields and .onnx files. */
function modelForm(fields: Record<string, string>, files: Record<string, Uint8Array>) {
  const boundary = `----sarm${randomUUID().replaceAll('-', '')}`;
  const chunks: Buffer[] = [];
  for (const [key, value] of Object.entries(fields))
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`,
      ),
    );
  for (const [key, content] of Object.entries(files))
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${key}"; filename="${key}.onnx"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      Buffer.from(content),
      Buffer.from('\r\n'),
    );
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const importAs = (
  who: Caller,
  fields: Record<string, string>,
  files: Record<string, Uint8Array> = {
    encoder: buildTestSamEncoder(SIZE),
    decoder: buildTestSamDecoder(SIZE),
  },
) => {
  const form = modelForm(fields, files);
  return fx.server.app.inject({
    method: 'POST',
    url: IMPORT,
    headers: { ...who.headers, ...form.headers },
    payload: form.payload,
  });
};

async function listed(id: string) {
  const response = await fx.expectStatus(fx.annotator, 'GET', '/api/sarm/annotation/models/', 200);
  return SegmentationModelListSchema.parse(response.json()).models.find((model) => model.id === id);
}

const centre = () => ({ x: ELLIPSE.cx - place.x1, y: ELLIPSE.cy - place.y1 });

async function maskFor(modelId: string) {
  const response = await fx.expectStatus(
    fx.annotator,
    'POST',
    '/api/sarm/annotation/generate-mask',
    200,
    {
      crop_id: head.id,
      point_prompts: [{ ...centre(), label: 1 }],
      model_id: modelId,
    },
  );
  return MaskResultSchema.parse(response.json());
}

/** IoU of the stored mask PNG with the ellipse, in crop pixels. */
async function ellipseIoU(maskUrl: string) {
  const png = await fx.annotator.call('GET', maskUrl);
  expect(png.statusCode).toBe(200);
  const { width, height, pixels } = decodeGrayPng(png.rawPayload);
  let both = 0;
  let either = 0;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const truth = inEllipse(x + place.x1, y + place.y1);
      const on = (pixels[y * width + x] ?? 0) > 127;
      if (truth && on) both++;
      if (truth || on) either++;
    }
  return both / either;
}

describe('POST /technical/segmentation-models/import', () => {
  it('answers 403 to a non-administrator', async () => {
    const response = await importAs(fx.annotator, { model_id: 'sam2_large' });
    expect(response.statusCode).toBe(403);
    expect(ErrorSchema.parse(response.json()).message).toBe(NO_PERMISSION);
  });

  it.each([
    [
      'a file that is not ONNX',
      { encoder: new TextEncoder().encode('hello'), decoder: buildTestSamDecoder(SIZE) },
      /^Not an ONNX model: the encoder/,
    ],
    [
      'an encoder without the image input',
      {
        encoder: buildTestSamEncoder(SIZE, { inputName: 'pixel_values' }),
        decoder: buildTestSamDecoder(SIZE),
      },
      /^The encoder has no input named 'image'$/,
    ],
    [
      'a decoder without the masks output',
      {
        encoder: buildTestSamEncoder(SIZE),
        decoder: buildTestSamDecoder(SIZE, { omitOutput: 'masks' }),
      },
      /^The decoder has no output named 'masks'$/,
    ],
    ['no decoder', { encoder: buildTestSamEncoder(SIZE) }, /decoder \.onnx file/],
  ])('answers 400 for %s and installs nothing', async (_case, files, message) => {
    const response = await importAs(admin, { model_id: 'sam2_large' }, files);
    expect(response.statusCode).toBe(400);
    expect(ErrorSchema.parse(response.json()).message).toMatch(message);
    expect(await listed('sam2_large')).toMatchObject({ installed: false, runtime: 'builtin' });
  });

  it('answers 400 for an id that is not a SAM id', async () => {
    const response = await importAs(admin, { model_id: BUILTIN_SEGMENTER_ID });
    expect(response.statusCode).toBe(400);
    expect(ErrorSchema.parse(response.json()).message).toMatch(/^model_id must be one of/);
  });
});

describe('an imported SAM pair', () => {
  it('runs the built-in segmenter for a SAM id before any import', async () => {
    expect(await listed('sam2_large')).toMatchObject({
      installed: false,
      runtime: 'builtin',
      runs_as: BUILTIN_SEGMENTER_ID,
    });
    const mask = await maskFor('sam2_large');
    expect(mask).toMatchObject({ model_id: BUILTIN_SEGMENTER_ID, runtime: 'builtin' });
  });

  it('is listed as installed after import and makes the masks of its id', async () => {
    const response = await importAs(admin, { model_id: 'sam2_large', name: 'Tiny test SAM' });
    expect(response.statusCode, response.body).toBe(200);
    const body = SamModelInstallResponseSchema.parse(response.json());
    expect(body.manifest).toMatchObject({
      model_id: 'sam2_large',
      name: 'Tiny test SAM',
      input_size: SIZE,
      installed_by: admin.user.id,
    });
    expect(await listed('sam2_large')).toMatchObject({
      name: 'Tiny test SAM',
      installed: true,
      runtime: 'onnx',
      runs_as: 'sam2_large',
    });
    expect(await listed('sam2.1_hiera_large')).toMatchObject({ installed: false });

    const mask = await maskFor('sam2_large');
    expect(mask).toMatchObject({
      model_id: 'sam2_large',
      requested_model_id: 'sam2_large',
      runtime: 'onnx',
      quality: 'Good',
      width: place.x2 - place.x1,
      height: place.y2 - place.y1,
    });
    expect(mask.confidence).toBeCloseTo(0.95, 5);
    expect(await ellipseIoU(mask.mask_url)).toBeGreaterThan(0.8);
    // Other SAM ids still run the built-in segmenter.
    expect((await maskFor('sam2.1_hiera_large')).model_id).toBe(BUILTIN_SEGMENTER_ID);
  });

  it('suggests points on its mask of the head', async () => {
    const response = await fx.expectStatus(
      fx.annotator,
      'POST',
      '/api/annotations/sam2/auto-suggest-points',
      200,
      { crop_id: head.id, model_id: 'sam2_large', num_points: 4 },
    );
    const body = AutoSuggestResponseSchema.parse(response.json());
    expect(body).toMatchObject({ model_id: 'sam2_large', runtime: 'onnx' });
    expect(body.points).toHaveLength(4);
    const foreground = body.points.filter((point) => point.label === 1);
    expect(foreground.length).toBeGreaterThan(0);
    for (const point of foreground)
      expect(inEllipse(point.x + place.x1, point.y + place.y1)).toBe(true);
    for (const point of body.points.filter((p) => p.label === 0))
      expect(inEllipse(point.x + place.x1, point.y + place.y1)).toBe(false);
  });

  it('falls back to the built-in segmenter once uninstalled', async () => {
    await fx.expectStatus(
      fx.annotator,
      'DELETE',
      '/api/technical/segmentation-models/sam2_large',
      403,
    );
    const removed = await fx.expectStatus(
      admin,
      'DELETE',
      '/api/technical/segmentation-models/sam2_large',
      200,
    );
    expect(SamModelInstallResponseSchema.parse(removed.json())).toMatchObject({
      manifest: null,
      model: { installed: false, runtime: 'builtin' },
    });
    expect(await listed('sam2_large')).toMatchObject({ installed: false, runtime: 'builtin' });
    expect(await maskFor('sam2_large')).toMatchObject({
      model_id: BUILTIN_SEGMENTER_ID,
      runtime: 'builtin',
    });
    await fx.expectStatus(admin, 'DELETE', '/api/technical/segmentation-models/sam2_large', 404);
    await fx.expectStatus(admin, 'DELETE', '/api/technical/segmentation-models/yolo', 400);
  });
});
