import { describe, expect, it } from 'vitest';
import { ClassicalDetector } from '../detect/classical-detector.js';
import { DETECTIONS_IN_FLIGHT, type Detector } from '../detect/types.js';
import { resolveSettings } from '../settings.js';
import { createSimulation } from '../simulate/simulation.js';
import type { GrayFrame } from '../types.js';
import { analyzeFrames } from './analyze-frames.js';

function* framesOf(sim: ReturnType<typeof createSimulation>): Generator<GrayFrame> {
  for (let i = 0; i < sim.info.frameCount; i++) yield sim.renderFrame(i);
}

describe('ClassicalDetector on generated frames', () => {
  it('finds the simulated heads within 3 µm and ignores debris', () => {
    const sim = createSimulation({ sperm: 25, frames: 5, seed: 3 });
    const settings = resolveSettings();
    const heads = new ClassicalDetector(settings)
      .detect(sim.renderFrame(2))
      .filter((d) => d.className === 'sperm');
    const truth = sim.truth.tracks.flatMap((t) => t.points.filter((p) => p[0] === 2));
    const matched = truth.filter((p) =>
      heads.some((d) => Math.hypot(d.x - p[1], d.y - p[2]) * 0.5 <= 3),
    );
    expect(matched.length / truth.length).toBeGreaterThan(0.9);
    expect(heads.length).toBeLessThanOrEqual(truth.length + 2);
  });

  it('finds dark heads in bright-field video with the dark polarity', () => {
    const sim = createSimulation({ sperm: 15, frames: 3, seed: 4, polarity: 'bright-field' });
    const truth = sim.truth.tracks.filter((t) => t.points.some((p) => p[0] === 1)).length;
    const bright = new ClassicalDetector(resolveSettings()).detect(sim.renderFrame(1));
    const dark = new ClassicalDetector(resolveSettings({ polarity: 'dark' })).detect(
      sim.renderFrame(1),
    );
    expect(dark.filter((d) => d.className === 'sperm').length).toBeGreaterThanOrEqual(truth - 2);
    expect(bright.filter((d) => d.className === 'sperm').length).toBeLessThan(truth / 2);
  });
});

describe('analyzeFrames', () => {
  it('gives the event loop a turn while it works, even when frames are ready at once', async () => {
    const sim = createSimulation({ sperm: 20, frames: 60, seed: 5 });
    const frames = Array.from(framesOf(sim));
    // A detector slow enough that the loop runs well beyond one turn's budget.
    const classical = new ClassicalDetector(resolveSettings());
    const slow: Detector = {
      detect: (frame, settings) => {
        const until = performance.now() + 2;
        while (performance.now() < until);
        return classical.detect(frame, settings);
      },
    };
    let timerFiredAtFrame = -1;
    let done = 0;
    setTimeout(() => (timerFiredAtFrame = done), 0);
    await analyzeFrames(frames, sim.info, resolveSettings(), {
      detector: slow,
      onProgress: (n) => (done = n),
    });
    expect(timerFiredAtFrame).toBeGreaterThan(0);
    expect(timerFiredAtFrame).toBeLessThan(10);
  });

  it('leaves the thread mostly to other work while the event loop is busy', async () => {
    const sim = createSimulation({ sperm: 4, frames: 120, seed: 6, width: 160, height: 120 });
    const classical = new ClassicalDetector(resolveSettings());
    const spin = (ms: number) => {
      const until = performance.now() + ms;
      while (performance.now() < until);
    };
    const slow: Detector = {
      detect: (frame, settings) => {
        spin(0.6);
        return classical.detect(frame, settings);
      },
    };
    // Other work on the same thread: 3 ms at a time, each part a new macrotask (like requests).
    let otherMs = 0;
    let running = true;
    const other = () => {
      if (!running) return;
      spin(3);
      otherMs += 3;
      setImmediate(other);
    };
    setImmediate(other);
    const frames = Array.from(framesOf(sim));
    let share = 0;
    const started = performance.now();
    await analyzeFrames(frames, sim.info, resolveSettings(), {
      detector: slow,
      // Over the frame loop (what follows it is not cut into turns).
      onProgress: (done) => {
        if (done === frames.length) share = otherMs / (performance.now() - started);
      },
    });
    running = false;
    // Frames cost about 0.6 ms. The others get 0.44-0.48 of the thread; with 5 ms stretches
    // whether or not the loop is busy, 0.25.
    expect(share).toBeGreaterThan(0.36);
  });

  it('recovers concentration and the WHO class shares of a simulated sample', async () => {
    const sim = createSimulation({ sperm: 40, frames: 200, seed: 11 });
    const result = await analyzeFrames(framesOf(sim), sim.info, resolveSettings());
    const expected = sim.truth.expected;
    const relError =
      Math.abs(
        result.concentration.mean_concentration_million_per_ml -
          expected.concentration_million_per_ml,
      ) / expected.concentration_million_per_ml;
    expect(relError).toBeLessThan(0.1);
    expect(
      Math.abs(result.motility.progressive_percent - expected.progressive_percent),
    ).toBeLessThan(12);
    expect(
      Math.abs(
        result.motility.motility_distribution.Immotile - expected.motility_distribution.Immotile,
      ),
    ).toBeLessThan(12);
    expect(result.settings.version).toBe(7);
  });

  it('awaits a detector that answers a promise and gets the same result as from a synchronous one', async () => {
    const sim = createSimulation({ sperm: 15, frames: 30, seed: 5 });
    const settings = resolveSettings();
    const classical = new ClassicalDetector(settings);
    const inner = new ClassicalDetector(settings);
    let pending = 0;
    const asynchronous: Detector = {
      detect: async (frame, frameSettings) => {
        pending += 1;
        await new Promise((resolve) => setTimeout(resolve, 0));
        pending -= 1;
        return inner.detect(frame, frameSettings);
      },
    };
    const options = { includeDetections: true };
    const expected = await analyzeFrames(framesOf(sim), sim.info, settings, {
      ...options,
      detector: classical,
    });
    const answered = await analyzeFrames(framesOf(sim), sim.info, settings, {
      ...options,
      detector: asynchronous,
    });
    expect(pending).toBe(0);
    expect(answered.per_frame).toEqual(expected.per_frame);
    expect(answered.per_frame.some((f) => f.count > 0)).toBe(true);
    expect(answered.tracks).toEqual(expected.tracks);
  });
  it('keeps a few frames in an asynchronous detector at once and tracks them in frame order', async () => {
    const sim = createSimulation({ sperm: 15, frames: 30, seed: 6 });
    const settings = resolveSettings();
    const inner = new ClassicalDetector(settings);
    let busy = 0;
    let mostBusy = 0;
    // Reads the frame at once, as the contract asks, and answers after a delay that makes later
    // frames finish before earlier ones.
    const outOfOrder: Detector = {
      detect: async (frame, frameSettings) => {
        const found = inner.detect(frame, frameSettings);
        busy += 1;
        mostBusy = Math.max(mostBusy, busy);
        await new Promise((resolve) => setTimeout(resolve, frame.index % 2 === 0 ? 4 : 0));
        busy -= 1;
        return found;
      },
    };
    const expected = await analyzeFrames(framesOf(sim), sim.info, settings, {
      includeDetections: true,
      detector: new ClassicalDetector(settings),
    });
    const answered = await analyzeFrames(framesOf(sim), sim.info, settings, {
      includeDetections: true,
      detector: outOfOrder,
    });
    expect(mostBusy).toBe(DETECTIONS_IN_FLIGHT);
    expect(answered.per_frame.map((f) => f.frame)).toEqual(expected.per_frame.map((f) => f.frame));
    expect(answered.per_frame).toEqual(expected.per_frame);
    expect(answered.tracks).toEqual(expected.tracks);
  });

  it("fails with the detector's error, whichever frame it came from", async () => {
    const sim = createSimulation({ sperm: 5, frames: 10, seed: 7 });
    const failing: Detector = {
      detect: (frame) =>
        frame.index === 3
          ? Promise.reject(new Error('model crashed on frame 3'))
          : Promise.resolve([]),
    };
    await expect(
      analyzeFrames(framesOf(sim), sim.info, resolveSettings(), { detector: failing }),
    ).rejects.toThrow('model crashed on frame 3');
  });
});

describe('tracks through missed detections', () => {
  /** One head crossing the field at 40 µm/s, unseen from 1 s on for `hiddenS` seconds. */
  async function tracksOf(fps: number, hiddenS: number): Promise<number> {
    const settings = resolveSettings();
    const frames = Math.round(3 * fps);
    const hidden = (i: number) => i >= fps && i < fps + Math.round(hiddenS * fps);
    const detector: Detector = {
      detect: (frame) => {
        if (hidden(frame.index)) return [];
        const x = 40 + ((40 / settings.umPerPixel) * frame.index) / fps;
        const y = 60;
        return [
          {
            x,
            y,
            x1: x - 4,
            y1: y - 3,
            x2: x + 4,
            y2: y + 3,
            confidence: 1,
            className: 'sperm',
            cellCount: 1,
            angle: 0,
            morphometry: {
              area_um2: 12,
              length_um: 4.5,
              width_um: 3,
              ellipticity: 1.5,
              perimeter_um: 12,
            },
          },
        ];
      },
    };
    const blank = new Uint8Array(320 * 120);
    const info = {
      width: 320,
      height: 120,
      fps,
      frameCount: frames,
      durationS: 3,
      codec: 'raw',
      container: 'raw',
    };
    const all = Array.from({ length: frames }, (_, i) => ({
      index: i as GrayFrame['index'],
      width: 320,
      height: 120,
      data: blank,
    }));
    const result = await analyzeFrames(all, info, settings, { detector });
    return result.tracks.length;
  }

  it('keeps a head unseen for 0.16 s on one track and ends it after 0.3 s, at 25, 50 and 100 fps', async () => {
    for (const fps of [25, 50, 100]) {
      expect(await tracksOf(fps, 0.16)).toBe(1);
      expect(await tracksOf(fps, 0.32)).toBe(2);
    }
  });
});
