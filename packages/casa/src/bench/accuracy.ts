import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { WhoMotilityCategory } from '@sarm/contracts';
import { WHO_MOTILITY_CATEGORIES } from '@sarm/contracts';
import { analyzeFrames } from '../analyze/analyze-frames.js';
import { createHeadDetector } from '../detect/head-detector.js';
import type { Detection, Detector } from '../detect/types.js';
import type { CasaSettings } from '../settings.js';
import { resolveSettings } from '../settings.js';
import type { SimulationParams } from '../simulate/simulation.js';
import { createSimulation } from '../simulate/simulation.js';
import type { GrayFrame, VideoInfo } from '../types.js';
import { readGrayFrames } from '../node/frames.js';
import { probeVideoStream } from '../node/probe.js';
import { writeSimulationVideo } from '../node/simulation-video.js';

export interface AccuracyFigures {
  readonly label: string;
  readonly f1: number;
  readonly concentrationErrorPercent: number;
  /** Signed error of each WHO class share, percentage points (found - true). */
  readonly classErrorPp: Record<WhoMotilityCategory, number>;
  readonly worstClassErrorPp: number;
  readonly identityPercent: number;
  /** Share of true track points that lie on some reported track (the ceiling of identity). */
  readonly coveragePercent: number;
  /** Distance between the estimated and the true mean drift velocity, µm/s. */
  readonly driftErrorUmPerS: number;
  /** True mean drift speed, µm/s. */
  readonly trueDriftUmPerS: number;
  /** Whether the true concentration lies inside the reported 95 % interval. */
  readonly concentrationCovered: boolean;
  /** Of the four class shares, how many true shares lie inside their reported 95 % intervals. */
  readonly classSharesCovered: number;
  readonly tracksAssessed: number;
  readonly cellsAssessed: number;
}

const MATCH_UM = 3;

/** Greedy one-to-one matching of truth points to found points within the match radius, nearest first. */
function matchFrame(
  truth: readonly [number, number][],
  found: readonly { x: number; y: number }[],
  radiusPx: number,
): Map<number, number> {
  const pairs: { t: number; d: number; dist: number }[] = [];
  truth.forEach(([x, y], t) =>
    found.forEach((det, d) => {
      const dist = Math.hypot(det.x - x, det.y - y);
      if (dist <= radiusPx) pairs.push({ t, d, dist });
    }),
  );
  pairs.sort((a, b) => a.dist - b.dist);
  const truthToDetection = new Map<number, number>();
  const used = new Set<number>();
  for (const p of pairs) {
    if (truthToDetection.has(p.t) || used.has(p.d)) continue;
    truthToDetection.set(p.t, p.d);
    used.add(p.d);
  }
  return truthToDetection;
}

export interface AccuracyOptions {
  /**
   * Encode the generated frames as H.264 at this crf and analyse the decoded video, as every real
   * recording is compressed (23 is what clinical recordings look like); absent, the frames are
   * analysed in memory, never encoded.
   */
  readonly h264Crf?: number;
}

/**
 * Runs the engine on a generated video (in memory, or through H.264 when `options.h264Crf` is set)
 * and compares every figure with the truth.
 */
export async function measureAccuracy(
  label: string,
  params: Partial<SimulationParams>,
  overrides: Partial<CasaSettings> = {},
  options: AccuracyOptions = {},
): Promise<AccuracyFigures> {
  const sim = createSimulation(params);
  if (options.h264Crf === undefined) {
    return compare(
      label,
      sim,
      overrides,
      (function* () {
        for (let i = 0; i < sim.info.frameCount; i++) yield sim.renderFrame(i);
      })(),
    );
  }
  const dir = await mkdtemp(join(tmpdir(), 'casa-accuracy-'));
  try {
    const path = join(dir, 'case.mp4');
    await writeSimulationVideo(path, sim, { crf: options.h264Crf });
    // As analyzeVideo reads a file: with its coding pattern.
    const { codingPeriodFrames } = (await probeVideoStream(path, { codingPattern: true })).info;
    const info = { ...sim.info, codingPeriodFrames };
    return await compare(label, sim, overrides, readGrayFrames(path), info);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function compare(
  label: string,
  sim: ReturnType<typeof createSimulation>,
  overrides: Partial<CasaSettings>,
  frames: Iterable<GrayFrame> | AsyncIterable<GrayFrame>,
  info: VideoInfo = sim.info,
): Promise<AccuracyFigures> {
  const settings = resolveSettings({ ...overrides, umPerPixel: sim.truth.um_per_pixel });
  const inner = createHeadDetector(settings);
  const detections = new Map<number, Detection[]>();
  const recording: Detector = {
    detect(frame: GrayFrame, frameSettings: CasaSettings) {
      const found = inner.detect(frame, frameSettings);
      detections.set(
        frame.index,
        found.filter((d) => d.cellCount > 0),
      );
      return found;
    },
  };
  const result = await analyzeFrames(frames, info, settings, { detector: recording });

  const radius = MATCH_UM / sim.truth.um_per_pixel;
  // Track positions per frame: identity is judged on the tracks' own points (which may be
  // predictions where two heads share a blob), not on the detections.
  const trackPointsAt = new Map<number, { id: number; x: number; y: number }[]>();
  for (const t of result.tracks) {
    for (const [f, x, y] of t.points) {
      const list = trackPointsAt.get(f) ?? [];
      list.push({ id: t.id, x, y });
      trackPointsAt.set(f, list);
    }
  }
  let tp = 0;
  let fp = 0;
  let fn = 0;
  const idsPerTruth = new Map<number, Map<number, number>>();
  for (let f = 0; f < sim.info.frameCount; f++) {
    const truthTracks = sim.truth.tracks.filter((t) => t.points.some((p) => p[0] === f));
    const truthPoints = truthTracks.map((t): [number, number] => {
      const p = t.points.find((q) => q[0] === f);
      return [p?.[1] ?? 0, p?.[2] ?? 0];
    });
    const found = detections.get(f) ?? [];
    const matches = matchFrame(truthPoints, found, radius);
    tp += matches.size;
    fn += truthPoints.length - matches.size;
    fp += found.length - matches.size;
    const onTracks = trackPointsAt.get(f) ?? [];
    matchFrame(truthPoints, onTracks, radius).forEach((k, t) => {
      const truthId = truthTracks[t]?.id ?? 0;
      const id = onTracks[k]?.id;
      if (id === undefined) return;
      const counts = idsPerTruth.get(truthId) ?? new Map<number, number>();
      counts.set(id, (counts.get(id) ?? 0) + 1);
      idsPerTruth.set(truthId, counts);
    });
  }
  // Identity: the share of each true track's length carried by its single most frequent track id.
  let kept = 0;
  let covered = 0;
  let total = 0;
  for (const t of sim.truth.tracks) {
    if (t.points.length < settings.minTrackFrames) continue;
    const ids = [...(idsPerTruth.get(t.id)?.values() ?? [])];
    total += t.points.length;
    kept += Math.max(0, ...ids);
    covered += ids.reduce((sum, n) => sum + n, 0);
  }
  const expected = sim.truth.expected;
  const signedClassError = (c: WhoMotilityCategory) =>
    result.motility.motility_distribution[c] - expected.motility_distribution[c];
  const classError = (c: WhoMotilityCategory) => Math.abs(signedClassError(c));
  const trueDrift = sim.truth.drift;
  const [cLow, cHigh] = result.concentration.ci95;
  const trueConcentration = expected.concentration_million_per_ml;
  const classSharesCovered = WHO_MOTILITY_CATEGORIES.filter((c) => {
    const [low, high] = result.motility.ci95[c];
    const share = expected.motility_distribution[c];
    return share >= low && share <= high;
  }).length;
  return {
    label,
    f1: (2 * tp) / Math.max(1, 2 * tp + fp + fn),
    concentrationErrorPercent:
      (100 *
        Math.abs(
          result.concentration.mean_concentration_million_per_ml -
            expected.concentration_million_per_ml,
        )) /
      expected.concentration_million_per_ml,
    classErrorPp: {
      'Rapid Progressive': signedClassError('Rapid Progressive'),
      'Slow Progressive': signedClassError('Slow Progressive'),
      'Non Progressive': signedClassError('Non Progressive'),
      Immotile: signedClassError('Immotile'),
    },
    worstClassErrorPp: Math.max(...WHO_MOTILITY_CATEGORIES.map(classError)),
    identityPercent: total > 0 ? (100 * kept) / total : 100,
    coveragePercent: total > 0 ? (100 * covered) / total : 100,
    driftErrorUmPerS: Math.hypot(
      result.drift.vx_um_per_s - trueDrift.vx_um_per_s,
      result.drift.vy_um_per_s - trueDrift.vy_um_per_s,
    ),
    trueDriftUmPerS: trueDrift.speed_um_per_s,
    concentrationCovered: trueConcentration >= cLow && trueConcentration <= cHigh,
    classSharesCovered,
    tracksAssessed: result.motility.tracks_assessed,
    cellsAssessed: result.concentration.cells_assessed,
  };
}
