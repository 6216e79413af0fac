import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { WHO_MOTILITY_CATEGORIES } from '@sarm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeVideo } from '../node/analyze-video.js';
import { probeVideo } from '../node/probe.js';
import { createVideoWriter } from '../node/writer.js';
import { resolveSettings } from '../settings.js';
import { createSimulation } from '../simulate/simulation.js';
import type { AnalyzeJson } from './analyze.js';
import { runAnalyzeCommand } from './analyze.js';
import { loadModelWithMl } from './detector.js';

function sinks() {
  const out = { text: '', write: (t: string) => (out.text += t) };
  const err = { text: '', isTTY: false, write: (t: string) => (err.text += t) };
  return { io: { stdout: out, stderr: err }, out, err };
}

let dir = '';
let video = '';
const sim = createSimulation({ sperm: 30, frames: 150, seed: 21 });

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'casa-analyze-'));
  video = join(dir, 'sample.mp4');
  const writer = createVideoWriter(video, {
    width: 640,
    height: 480,
    fps: 50,
    pixelFormat: 'gray',
  });
  for (let i = 0; i < sim.info.frameCount; i++) await writer.write(sim.renderFrame(i).data);
  await writer.close();
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('analysing a generated video through ffmpeg', () => {
  it('recovers the true concentration and motility shares', async () => {
    const result = await analyzeVideo(video, resolveSettings());
    const truth = sim.truth.expected;
    expect(result.video).toMatchObject({ width: 640, height: 480, fps: 50, frames: 150 });
    const concentrationError =
      Math.abs(
        result.concentration.mean_concentration_million_per_ml - truth.concentration_million_per_ml,
      ) / truth.concentration_million_per_ml;
    expect(concentrationError).toBeLessThan(0.08);
    expect(Math.abs(result.motility.progressive_percent - truth.progressive_percent)).toBeLessThan(
      12,
    );
    expect(
      Math.abs(result.motility.total_motility_percent - truth.total_motility_percent),
    ).toBeLessThan(12);
    // Each WHO class share within 10 percentage points on this short (3 s) video.
    for (const category of WHO_MOTILITY_CATEGORIES) {
      const error =
        result.motility.motility_distribution[category] - truth.motility_distribution[category];
      expect(Math.abs(error), category).toBeLessThan(10);
    }
  });
});

describe('casa analyze', () => {
  it('writes one JSON document with the documented fields to stdout', async () => {
    const { io, out, err } = sinks();
    expect(
      await runAnalyzeCommand([video, '--json', '-', '--detections', '--depth', '10'], io),
    ).toBe(0);
    const doc = JSON.parse(out.text) as AnalyzeJson;
    expect(doc.detector).toEqual({ kind: 'classical' });
    expect(doc.video).toMatchObject({ width: 640, height: 480, fps: 50, frames: 150 });
    expect(doc.settings).toMatchObject({ chamberDepthUm: 10, version: 7 });
    expect(['normal', 'warning', 'error']).toContain(doc.concentration.overall_classification);
    expect(Object.keys(doc.motility.motility_distribution)).toEqual([
      'Rapid Progressive',
      'Slow Progressive',
      'Non Progressive',
      'Immotile',
    ]);
    expect(doc.tracks[0]).toHaveProperty('alh_mean');
    // Counting-statistics intervals bracket the estimates; 30 heads are far below WHO's 200.
    const [low, high] = doc.concentration.ci95;
    expect(low).toBeLessThan(doc.concentration.mean_concentration_million_per_ml);
    expect(high).toBeGreaterThan(doc.concentration.mean_concentration_million_per_ml);
    expect(doc.concentration.cells_assessed).toBeGreaterThan(0);
    expect(doc.concentration.warning).toMatch(/fewer|Only/);
    expect(doc.motility.tracks_assessed).toBe(doc.tracks.length);
    for (const category of WHO_MOTILITY_CATEGORIES) {
      const [a, b] = doc.motility.ci95[category];
      expect(a).toBeLessThanOrEqual(doc.motility.motility_distribution[category]);
      expect(b).toBeGreaterThanOrEqual(doc.motility.motility_distribution[category]);
    }
    expect(doc.drift).toMatchObject({ tracks_used: expect.any(Number) as number });
    expect(JSON.stringify(doc)).toContain('"detections":[[');
    expect(err.text).toContain('Analysing: 100%');
  });

  it('draws an overlay video of the same size and length', async () => {
    const overlay = join(dir, 'overlay.mp4');
    const { io, out } = sinks();
    expect(await runAnalyzeCommand([video, '--overlay', overlay], io)).toBe(0);
    expect(out.text).toContain('Detector: classical (built-in)\n');
    expect(out.text).toContain('Concentration:');
    expect(out.text).toMatch(/95 % CI [\d.]+-[\d.]+, \d+ cells assessed/);
    expect(out.text).toContain('Drift:');
    expect(out.text).toContain('Warning: Only');
    expect(await probeVideo(overlay)).toMatchObject({ width: 640, height: 480, frameCount: 150 });
  });

  it('names the file and the reason when it cannot read it, with exit code 1', async () => {
    const bad = join(dir, 'notes.avi');
    await writeFile(bad, 'not a video');
    const { io, err } = sinks();
    expect(await runAnalyzeCommand([bad], io)).toBe(1);
    expect(err.text).toMatch(/casa: Cannot read video "notes\.avi": .+/);
  });

  it('refuses bad options with exit code 2', async () => {
    const { io, err } = sinks();
    expect(await runAnalyzeCommand([video, '--depth', '0'], io)).toBe(2);
    expect(err.text).toContain('--depth must be a positive number');
    expect(await runAnalyzeCommand([], sinks().io)).toBe(2);
    const dense = sinks();
    expect(await runAnalyzeCommand([video, '--head-finding', 'dense'], dense.io)).toBe(2);
    expect(dense.err.text).toContain('--head-finding must be blobs or peaks, got "dense"');
  });

  it('finds heads as contrast peaks with --head-finding peaks', async () => {
    const { io, out } = sinks();
    expect(await runAnalyzeCommand([video, '--json', '-', '--head-finding', 'peaks'], io)).toBe(0);
    const doc = JSON.parse(out.text) as AnalyzeJson;
    expect(doc.settings).toMatchObject({ headFinding: 'peaks' });
    expect(doc.concentration.cells_assessed).toBeGreaterThan(0);
  });
});

/** The part of @sarm/ml these tests use to pack a model file (imported at run time, untyped). */
interface MlForTests {
  initBackend(): Promise<unknown>;
  createHeadDetector(architecture?: undefined, seed?: number): { dispose(): void };
  saveWeights(model: unknown): unknown;
  packModelBundle(bundle: { metadata: unknown; saved: unknown }): Uint8Array;
}

/** Writes a fresh (untrained) head detector as a SARM model file of `type`. */
async function packFreshModel(path: string, type: 'detection' | 'morphology'): Promise<void> {
  const specifier: string = '@sarm/ml';
  const ml = (await import(specifier)) as MlForTests;
  await ml.initBackend();
  const model = ml.createHeadDetector(undefined, 5);
  const metadata = {
    format: 'sarm-model',
    format_version: 1,
    type,
    name: 'Fresh heads',
    classes: ['sperm'],
    input: { channels: 1, width: null, height: null },
    normalisation: 'per-frame-standardise',
    um_per_pixel: null,
    training: null,
    created_at: '2025-01-02T03:04:05.000Z',
    runtime: 'tfjs',
  };
  await writeFile(path, ml.packModelBundle({ metadata, saved: ml.saveWeights(model) }));
  model.dispose();
}

describe('casa analyze --model', () => {
  let small = '';
  beforeAll(async () => {
    // In a folder of its own, for batch mode.
    await mkdir(join(dir, 'small'));
    small = join(dir, 'small', 'small.mp4');
    const tiny = createSimulation({ sperm: 6, width: 160, height: 128, frames: 20, seed: 4 });
    const writer = createVideoWriter(small, {
      width: 160,
      height: 128,
      fps: 50,
      pixelFormat: 'gray',
    });
    for (let i = 0; i < 20; i++) await writer.write(tiny.renderFrame(i).data);
    await writer.close();
  });

  it('runs a packed detection model and says so in the JSON and the summary', async () => {
    const model = join(dir, 'fresh.zip');
    await packFreshModel(model, 'detection');
    const json = sinks();
    expect(await runAnalyzeCommand([small, '--model', model, '--json', '-'], json.io)).toBe(0);
    const doc = JSON.parse(json.out.text) as AnalyzeJson;
    expect(doc.detector).toEqual({ kind: 'model', name: 'Fresh heads', file: model });
    expect(doc.video).toMatchObject({ width: 160, height: 128, frames: 20 });
    expect(json.err.text).toContain('Analysing: 100%');
    const human = sinks();
    expect(await runAnalyzeCommand([small, '--model', model], human.io)).toBe(0);
    expect(human.out.text).toContain(`Detector: model "Fresh heads" (${model})\n`);
    const csv = sinks();
    expect(await runAnalyzeCommand([dirname(small), '--model', model, '--csv', '-'], csv.io)).toBe(
      0,
    );
    const [header, ...rows] = csv.out.text.trimEnd().split('\n');
    const columns = header?.split(',') ?? [];
    expect(columns.slice(-3)).toEqual(['detector', 'detector_model', 'detector_model_file']);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.endsWith(`,model,Fresh heads,${model}`)).toBe(true);
  });

  it('refuses a missing file, a file that is not a model and a morphology model, exit 2', async () => {
    const missing = sinks();
    expect(await runAnalyzeCommand([small, '--model', join(dir, 'none.zip')], missing.io)).toBe(2);
    expect(missing.err.text).toMatch(/^casa: Cannot read model file ".*none\.zip": no such file\n/);
    expect(missing.out.text).toBe('');

    const notModel = sinks();
    expect(await runAnalyzeCommand([small, '--model', video], notModel.io)).toBe(2);
    expect(notModel.err.text).toBe(
      'casa: Not a SARM model: sample.mp4: the file is not a zip archive\n',
    );

    const shapes = join(dir, 'shapes.zip');
    await packFreshModel(shapes, 'morphology');
    const morphology = sinks();
    expect(await runAnalyzeCommand([small, '--model', shapes], morphology.io)).toBe(2);
    expect(morphology.err.text).toBe(
      'casa: shapes.zip is a morphology model: --model needs a detection model\n',
    );
  });

  it('says @sarm/ml must be installed when it cannot be imported, exit 1', async () => {
    const notFound = Object.assign(new Error("Cannot find package '@sarm/ml'"), {
      code: 'ERR_MODULE_NOT_FOUND',
    });
    const { io, err } = sinks();
    const code = await runAnalyzeCommand([small, '--model', 'heads.zip'], io, undefined, (path) =>
      loadModelWithMl(path, () => Promise.reject(notFound)),
    );
    expect(code).toBe(1);
    expect(err.text).toContain(
      "casa: --model needs @sarm/ml, which could not be loaded: Cannot find package '@sarm/ml'",
    );
    expect(err.text).toContain('Install @sarm/ml');
  });

  it('refuses an empty --model with exit code 2', async () => {
    const { io, err } = sinks();
    expect(await runAnalyzeCommand([small, '--model', ''], io)).toBe(2);
    expect(err.text).toContain('--model needs a model file');
  });
});
