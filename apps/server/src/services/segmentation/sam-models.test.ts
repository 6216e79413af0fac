import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from '../../http/errors.js';
import { createLocalFileStorage, type FileStorage } from '../../storage/storage.js';
import { createFakeClock } from '../../test/fake-clock.js';
import { buildTestSamDecoder, buildTestSamEncoder } from '../../test/onnx-builder.js';
import { createSamModels, type SamModels } from './sam-models.js';

/**
 * Imported SAM pairs end to end on models the test builds (encoder: channel mean of the
 * normalised image; decoder: its unpadded region at the crop's size, two candidate masks).
 */
const SIZE = 64;
let root = '';
let storage: FileStorage;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'sam-models-'));
  storage = createLocalFileStorage({
    rootDir: root,
    secret: 'x'.repeat(32),
    clock: createFakeClock(),
  });
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

/** A dark crop with a bright ellipse (the head), and the ellipse's pixels. */
function headCrop(width: number, height: number) {
  const data = new Uint8Array(width * height).fill(30);
  const truth = new Uint8Array(width * height);
  const [cx, cy, rx, ry] = [width * 0.45, height * 0.5, width * 0.2, height * 0.22];
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      if (((x + 0.5 - cx) / rx) ** 2 + ((y + 0.5 - cy) / ry) ** 2 <= 1) {
        data[y * width + x] = 220;
        truth[y * width + x] = 1;
      }
  return { crop: { width, height, data }, truth, centre: { x: Math.floor(cx), y: Math.floor(cy) } };
}

const iou = (a: Uint8Array, b: Uint8Array) => {
  let both = 0;
  let either = 0;
  for (let i = 0; i < a.length; i++) {
    if (a[i] === 1 && b[i] === 1) both++;
    if (a[i] === 1 || b[i] === 1) either++;
  }
  return either === 0 ? 0 : both / either;
};

async function staged(models: SamModels, bytes: Uint8Array) {
  return models.stage(Readable.from([Buffer.from(bytes)]));
}

async function statusOf(promise: Promise<unknown>) {
  try {
    await promise;
    return { status: 200, message: '' };
  } catch (error) {
    if (error instanceof HttpError) return { status: error.statusCode, message: error.message };
    throw error;
  }
}

describe.each([
  ['a local folder', () => storage],
  // Object storage has no local path: the sessions load from the bytes.
  ['storage without local paths', () => ({ ...storage, localPath: () => null })],
])('SAM models kept in %s', (_name, storageOf) => {
  let models: SamModels;
  beforeAll(() => {
    models = createSamModels({ storage: storageOf(), now: () => new Date('2026-01-02T03:04:05Z') });
  });

  it('installs a checked pair with its manifest and segments the bright head', async () => {
    const manifest = await models.install(
      'sam2_large',
      {
        encoder: await staged(models, buildTestSamEncoder(SIZE)),
        decoder: await staged(models, buildTestSamDecoder(SIZE)),
      },
      { userId: 'admin-1', name: '  Tiny SAM  ' },
    );
    expect(manifest).toMatchObject({
      model_id: 'sam2_large',
      name: 'Tiny SAM',
      input_size: SIZE,
      installed_at: '2026-01-02T03:04:05.000Z',
      installed_by: 'admin-1',
    });
    expect(manifest.encoder_bytes).toBeGreaterThan(0);
    expect(await models.manifest('sam2_large')).toEqual(manifest);
    expect(await storage.stat('models/segmentation/sam2_large/encoder.onnx')).not.toBeNull();
    expect(await storage.stat('models/segmentation/sam2_large/decoder.onnx')).not.toBeNull();

    for (const [width, height] of [
      [90, 60],
      [41, 77],
    ] as const) {
      const { crop, truth, centre } = headCrop(width, height);
      const result = await models.segment('sam2_large', crop, [{ ...centre, label: 1 }], 'crop-1');
      expect(result.mask).toHaveLength(width * height);
      expect(iou(result.mask, truth)).toBeGreaterThan(0.8);
      // The decoder's second mask (predicted IoU 0.95) beats the everything-mask (0.3).
      expect(result.confidence).toBeCloseTo(0.95, 5);
    }
  });

  it('answers from the cached embedding only while the crop is unchanged', async () => {
    const { crop, truth, centre } = headCrop(60, 60);
    const first = await models.segment('sam2_large', crop, [{ ...centre, label: 1 }], 'crop-2');
    const dark = { ...crop, data: new Uint8Array(crop.data.length).fill(10) };
    const second = await models.segment('sam2_large', dark, [{ ...centre, label: 1 }], 'crop-2');
    expect(iou(first.mask, truth)).toBeGreaterThan(0.8);
    expect(second.mask.includes(1)).toBe(false);
  });

  it('refuses files that are not ONNX, or lack an input or output, and keeps nothing', async () => {
    const garbage = new TextEncoder().encode('not a model at all');
    const cases = [
      {
        encoder: garbage,
        decoder: buildTestSamDecoder(SIZE),
        message: /^Not an ONNX model: the encoder/,
      },
      {
        encoder: buildTestSamEncoder(SIZE, { inputName: 'pixels' }),
        decoder: buildTestSamDecoder(SIZE),
        message: /^The encoder has no input named 'image'$/,
      },
      {
        encoder: buildTestSamEncoder(SIZE),
        decoder: buildTestSamDecoder(SIZE, { omitOutput: 'masks' }),
        message: /^The decoder has no output named 'masks'$/,
      },
    ];
    for (const bad of cases) {
      const encoder = await staged(models, bad.encoder);
      const decoder = await staged(models, bad.decoder);
      const outcome = await statusOf(
        models.install('sam2.1_hiera_base_plus', { encoder, decoder }, { userId: 'admin-1' }),
      );
      expect(outcome.status).toBe(400);
      expect(outcome.message).toMatch(bad.message);
      expect(await storage.stat(encoder.key)).toBeNull();
      expect(await storage.stat(decoder.key)).toBeNull();
      expect(await models.manifest('sam2.1_hiera_base_plus')).toBeNull();
    }
  });

  it('uninstalls the pair, then answers 404 for it', async () => {
    await models.uninstall('sam2_large');
    expect(await models.manifest('sam2_large')).toBeNull();
    expect(await storage.stat('models/segmentation/sam2_large/encoder.onnx')).toBeNull();
    expect((await statusOf(models.uninstall('sam2_large'))).status).toBe(404);
    const { crop, centre } = headCrop(30, 30);
    expect(
      (await statusOf(models.segment('sam2_large', crop, [{ ...centre, label: 1 }], 'c'))).status,
    ).toBe(404);
  });
});

describe('SAM models shared by several server processes', () => {
  it('sees an import or uninstall by another process once its manifest read expires', async () => {
    const clock = createFakeClock(new Date('2026-03-01T00:00:00Z'));
    const importer = createSamModels({ storage, now: () => clock.now() });
    const other = createSamModels({ storage, now: () => clock.now() });
    expect(await other.manifest('sam2.1_hiera_large')).toBeNull();
    await importer.install(
      'sam2.1_hiera_large',
      {
        encoder: await staged(importer, buildTestSamEncoder(SIZE)),
        decoder: await staged(importer, buildTestSamDecoder(SIZE)),
      },
      { userId: 'admin-2' },
    );
    expect(await other.manifest('sam2.1_hiera_large')).toBeNull();
    clock.advance(31_000);
    expect(await other.manifest('sam2.1_hiera_large')).toMatchObject({ installed_by: 'admin-2' });
    const { crop, truth, centre } = headCrop(50, 40);
    const mask = await other.segment('sam2.1_hiera_large', crop, [{ ...centre, label: 1 }], 'c');
    expect(iou(mask.mask, truth)).toBeGreaterThan(0.8);

    await importer.uninstall('sam2.1_hiera_large');
    clock.advance(31_000);
    expect(
      (await statusOf(other.segment('sam2.1_hiera_large', crop, [{ ...centre, label: 1 }], 'c')))
        .status,
    ).toBe(404);
  });
});
