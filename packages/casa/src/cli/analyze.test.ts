import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WHO_MOTILITY_CATEGORIES } from '@sarm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeVideo } from '../node/analyze-video.js';
import { probeVideo } from '../node/probe.js';
import { createVideoWriter } from '../node/writer.js';
import { resolveSettings } from '../settings.js';
import { createSimulation } from '../simulate/simulation.js';
import type { AnalysisResult } from '../analyze/result.js';
import { runAnalyzeCommand } from './analyze.js';

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
    const doc = JSON.parse(out.text) as AnalysisResult;
    expect(doc.video).toMatchObject({ width: 640, height: 480, fps: 50, frames: 150 });
    expect(doc.settings).toMatchObject({ chamberDepthUm: 10, version: 3 });
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
  });
});
