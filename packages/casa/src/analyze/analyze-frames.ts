import { computeConcentration } from '../concentration/concentration.js';
import { ClassicalDetector } from '../detect/classical-detector.js';
import type { Detection, Detector, HeadMorphometry } from '../detect/types.js';
import { computeKinematics, detrendedJitter, toTimedPoints } from '../kinematics/kinematics.js';
import type { CasaSettings } from '../settings.js';
import type { FinishedTrack } from '../track/tracker.js';
import { Tracker } from '../track/tracker.js';
import type { GrayFrame, VideoInfo } from '../types.js';
import { classifyMotility, summariseMotility } from '../who/motility.js';
import type { AnalysisResult, FrameResult, TrackResult } from './result.js';

export interface AnalyzeOptions {
  /** Called after each frame with frames done and the expected total. */
  readonly onProgress?: (done: number, total: number) => void;
  /** Keep every frame's boxes in the result. */
  readonly includeDetections?: boolean;
  /** Replace the classical detector (e.g. with a trained model). */
  readonly detector?: Detector;
}

/**
 * Analyses a stream of frames: detection and tracking per frame as frames arrive (nothing but the
 * tracks' points is kept), then kinematics, WHO categories and concentration.
 */
export async function analyzeFrames(
  frames: AsyncIterable<GrayFrame> | Iterable<GrayFrame>,
  info: VideoInfo,
  settings: CasaSettings,
  options: AnalyzeOptions = {},
): Promise<AnalysisResult> {
  const fps = settings.fpsOverride ?? info.fps;
  const detector = options.detector ?? new ClassicalDetector(settings);
  const finished: FinishedTrack[] = [];
  const tracker = new Tracker(
    {
      gatePx: settings.trackerGateUm / settings.umPerPixel,
      maxGapFrames: settings.maxGapFrames,
      minTrackFrames: settings.minTrackFrames,
    },
    (track) => finished.push(track),
  );
  const perFrame: FrameResult[] = [];
  let width = info.width;
  let height = info.height;
  for await (const frame of frames) {
    width = frame.width;
    height = frame.height;
    const detections = detector.detect(frame);
    const heads = detections.filter((d) => d.className === 'sperm');
    tracker.push(frame.index, heads);
    const count = detections.reduce((sum, d) => sum + d.cellCount, 0);
    perFrame.push(
      options.includeDetections
        ? {
            frame: frame.index,
            count,
            detections: detections.filter((d) => d.cellCount > 0).map(toBox),
          }
        : { frame: frame.index, count },
    );
    options.onProgress?.(perFrame.length, info.frameCount);
  }
  tracker.flush();
  const tracks = finished.sort((a, b) => a.id - b.id).map((t) => measureTrack(t, fps, settings));
  const meanCount =
    perFrame.length > 0 ? perFrame.reduce((s, f) => s + f.count, 0) / perFrame.length : 0;
  return {
    engine: { name: 'sarm-casa', settings_version: settings.version },
    video: { width, height, fps, frames: perFrame.length, duration_s: perFrame.length / fps },
    settings,
    concentration: computeConcentration({
      meanCountPerFrame: meanCount,
      widthPx: width,
      heightPx: height,
      umPerPixel: settings.umPerPixel,
      chamberDepthUm: settings.chamberDepthUm,
      dilution: settings.dilution,
      semenVolumeMl: settings.semenVolumeMl,
    }),
    motility: summariseMotility(tracks),
    tracks,
    per_frame: perFrame,
  };
}

function toBox(d: Detection): readonly [number, number, number, number, number] {
  return [d.x1, d.y1, d.x2, d.y2, Math.round(d.confidence * 1000) / 1000];
}

function measureTrack(track: FinishedTrack, fps: number, settings: CasaSettings): TrackResult {
  const timed = toTimedPoints(track.points, fps, settings.umPerPixel);
  const kinematics = computeKinematics(timed, settings.vapWindow);
  const category = classifyMotility(kinematics.vsl, detrendedJitter(timed), settings);
  return {
    id: track.id,
    category,
    ...kinematics,
    points: track.points,
    morphometry: medianMorphometry(track.detections),
  };
}

function medianMorphometry(detections: readonly Detection[]): HeadMorphometry {
  const pick = (key: keyof HeadMorphometry): number => {
    const values = detections.map((d) => d.morphometry[key]).sort((a, b) => a - b);
    return values[Math.floor(values.length / 2)] ?? 0;
  };
  return {
    area_um2: pick('area_um2'),
    length_um: pick('length_um'),
    width_um: pick('width_um'),
    ellipticity: pick('ellipticity'),
    perimeter_um: pick('perimeter_um'),
  };
}
