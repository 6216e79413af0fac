/**
 * The whole analysis of an H.264 file with the classical detector and with a trained one, beside
 * ffmpeg decoding the same file alone: what "analysis with a trained model stays above 10x real
 * time" means, measured as a user runs it (`casa analyze VIDEO --model FILE`).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AnalysisResult, Detector, SimulationParams } from '@sarm/casa';
import { createSimulation, resolveSettings } from '@sarm/casa';
import { analyzeVideo, readGrayFrames, writeSimulationVideo } from '@sarm/casa/node';

/** What an analysis found against the truth: concentration and total motility. */
export interface AnalysisOutcome {
  readonly concentration: number;
  readonly totalMotility: number;
  readonly tracks: number;
}

/** Frames per second of each way through the file (best of the rounds), and what each found. */
export interface AnalysisSpeed {
  readonly frames: number;
  readonly fps: number;
  readonly decodeFps: number;
  readonly classicalFps: number;
  readonly trainedFps: number;
  readonly truth: AnalysisOutcome;
  readonly classical: AnalysisOutcome;
  readonly trained: AnalysisOutcome;
}

const outcomeOf = (r: AnalysisResult): AnalysisOutcome => ({
  concentration: r.concentration.mean_concentration_million_per_ml,
  totalMotility: r.motility.total_motility_percent,
  tracks: r.motility.track_count,
});

/** Frames per second of `run`, which answers the frames it went through. */
async function fpsOf(run: () => Promise<number>): Promise<number> {
  const started = performance.now();
  const frames = await run();
  return frames / ((performance.now() - started) / 1000);
}

/** Frames per second of an analysis, keeping its result. */
async function timedAnalysis(
  analyse: () => Promise<AnalysisResult>,
): Promise<{ fps: number; result: AnalysisResult }> {
  let result: AnalysisResult | undefined;
  const fps = await fpsOf(async () => {
    result = await analyse();
    return result.video.frames;
  });
  if (result === undefined) throw new Error('No analysis');
  return { fps, result };
}

/**
 * Writes the video, then times decoding alone, the classical analysis and the analysis with
 * `trained`, taking turns for `rounds` rounds (this machine's speed wanders) and keeping the best
 * of each.
 */
export async function measureAnalysisSpeed(
  trained: Detector,
  params: Partial<SimulationParams>,
  crf: number,
  rounds = 3,
): Promise<AnalysisSpeed> {
  const dir = await mkdtemp(join(tmpdir(), 'ml-analysis-speed-'));
  try {
    const video = join(dir, 'speed.mp4');
    const sim = createSimulation(params);
    await writeSimulationVideo(video, sim, { crf });
    const settings = resolveSettings({ umPerPixel: sim.truth.um_per_pixel });
    const best = { decode: 0, classical: 0, trained: 0 };
    let classicalResult: AnalysisResult | undefined;
    let trainedResult: AnalysisResult | undefined;
    for (let round = 0; round < rounds; round++) {
      const decode = await fpsOf(async () => {
        let frames = 0;
        for await (const _frame of readGrayFrames(video)) frames++;
        return frames;
      });
      const classical = await timedAnalysis(() => analyzeVideo(video, settings));
      const withModel = await timedAnalysis(() =>
        analyzeVideo(video, settings, { detector: trained }),
      );
      best.decode = Math.max(best.decode, decode);
      best.classical = Math.max(best.classical, classical.fps);
      best.trained = Math.max(best.trained, withModel.fps);
      classicalResult = classical.result;
      trainedResult = withModel.result;
    }
    if (classicalResult === undefined || trainedResult === undefined) throw new Error('No round');
    const expected = sim.truth.expected;
    return {
      frames: sim.info.frameCount,
      fps: sim.info.fps,
      decodeFps: best.decode,
      classicalFps: best.classical,
      trainedFps: best.trained,
      truth: {
        concentration: expected.concentration_million_per_ml,
        totalMotility: expected.total_motility_percent,
        tracks: sim.truth.tracks.filter((t) => t.points.length >= expected.min_track_frames).length,
      },
      classical: outcomeOf(classicalResult),
      trained: outcomeOf(trainedResult),
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
