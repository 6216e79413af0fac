import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { analyzeFrames } from '../analyze/analyze-frames.js';
import type { AnalysisResult } from '../analyze/result.js';
import { analyzeVideo } from '../node/analyze-video.js';
import { readGrayFrames } from '../node/frames.js';
import { writeSimulationVideo } from '../node/simulation-video.js';
import { createHeadDetector } from '../detect/head-detector.js';
import { printPeakFinderSpeedOnce } from '../detect/peak-speed.js';
import { resolveSettings, type CasaSettings } from '../settings.js';
import { headPolarityOf } from '../simulate/params.js';
import type { SimulationParams } from '../simulate/simulation.js';
import { createSimulation } from '../simulate/simulation.js';

/** Renders a simulation into an H.264 mp4. */
export async function writeSimulatedVideo(
  path: string,
  params: Partial<SimulationParams>,
  crf?: number,
): Promise<void> {
  await writeSimulationVideo(path, createSimulation(params), { crf });
}

/** Peak RSS (MB) of a fresh Node process that analyses the video, so runs do not share a heap. */
export function peakRssOfAnalysis(video: string): Promise<number> {
  const script = fileURLToPath(new URL('./rss-child.js', import.meta.url));
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [script, video], (error: Error | null, stdout: string) => {
      if (error) reject(error);
      else resolve(Number(stdout.trim()) / 1024);
    });
  });
}

export interface FileSpeed {
  /** ffmpeg decoding the file to grey frames, nothing else. */
  readonly decodeFps: number;
  /** The whole analysis of the file (decode, detection, tracking, kinematics). */
  readonly analysisFps: number;
  /**
   * The median over the rounds of each round's own ratio (analysis over the decoding just before
   * it): steadier than the ratio of the bests when the machine's speed drifts between rounds.
   */
  readonly medianRoundRatio: number;
  readonly result: AnalysisResult;
}

/** Rounds of {@link measureFileSpeed}: this machine's speed wanders by up to 1.5x between runs. */
const FILE_SPEED_ROUNDS = 7;

/** Decode-only and full-analysis throughput on one file, measured one after the other. */
export async function measureFileSpeed(video: string): Promise<FileSpeed> {
  printPeakFinderSpeedOnce(); // the peak head finder alone (detect/peak-speed.ts)
  // Best of seven runs each, taking turns: the first also warms up the JIT and the file cache.
  let decodeFps = 0;
  let analysisFps = 0;
  let result: AnalysisResult | undefined;
  const roundRatios: number[] = [];
  for (let run = 0; run < FILE_SPEED_ROUNDS; run++) {
    let start = performance.now();
    let decoded = 0;
    for await (const _frame of readGrayFrames(video)) decoded++;
    const roundDecodeFps = decoded / ((performance.now() - start) / 1000);
    start = performance.now();
    result = await analyzeVideo(video, resolveSettings());
    const roundAnalysisFps = result.video.frames / ((performance.now() - start) / 1000);
    decodeFps = Math.max(decodeFps, roundDecodeFps);
    analysisFps = Math.max(analysisFps, roundAnalysisFps);
    roundRatios.push(roundAnalysisFps / roundDecodeFps);
  }
  if (result === undefined) throw new Error('no run');
  roundRatios.sort((a, b) => a - b);
  const medianRoundRatio = roundRatios[roundRatios.length >> 1] ?? 0;
  return { decodeFps, analysisFps, medianRoundRatio, result };
}

/**
 * Frames per second of the whole engine (detection, tracking, kinematics) on frames already in
 * memory: what the analysis costs without ffmpeg decoding. Best of two runs, the first warming up
 * the JIT.
 */
export async function measureEngineFps(
  params: Partial<SimulationParams>,
  engine: Partial<CasaSettings> = {},
): Promise<number> {
  const sim = createSimulation(params);
  const frames = Array.from({ length: sim.info.frameCount }, (_, i) => sim.renderFrame(i));
  const settings = speedSettings(params, sim.truth.um_per_pixel, engine);
  let best = 0;
  for (let run = 0; run < 2; run++) {
    const start = performance.now();
    await analyzeFrames(frames, sim.info, settings);
    best = Math.max(best, frames.length / ((performance.now() - start) / 1000));
  }
  return best;
}

/** The simulation's scale and the polarity its optics need, with `engine`'s other settings. */
function speedSettings(
  params: Partial<SimulationParams>,
  umPerPixel: number,
  engine: Partial<CasaSettings>,
): CasaSettings {
  const polarity = headPolarityOf(params.polarity ?? 'phase-contrast');
  return resolveSettings({ umPerPixel, polarity, ...engine });
}

/**
 * The engine's detector alone (the settings' head finding, with the round-cell finder where heads
 * are dark) on frames in memory, frames/s (best of two runs, fresh detector each).
 */
export function measureDetectorFps(
  params: Partial<SimulationParams>,
  engine: Partial<CasaSettings> = {},
): number {
  const sim = createSimulation(params);
  const frames = Array.from({ length: sim.info.frameCount }, (_, i) => sim.renderFrame(i));
  const settings = speedSettings(params, sim.truth.um_per_pixel, engine);
  let best = 0;
  for (let run = 0; run < 2; run++) {
    const detector = createHeadDetector(settings);
    const start = performance.now();
    for (const frame of frames) detector.detect(frame, settings);
    best = Math.max(best, frames.length / ((performance.now() - start) / 1000));
  }
  return best;
}
