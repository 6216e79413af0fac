import { computeConcentration } from '../concentration/concentration.js';
import { createHeadDetector } from '../detect/head-detector.js';
import { DETECTIONS_IN_FLIGHT, type Detection, type Detector } from '../detect/types.js';
import { POLARITY_SAMPLE_FRAMES, decidePolarity } from '../detect/polarity.js';
import { estimateDrift } from '../motion/drift.js';
import type { CasaSettings } from '../settings.js';
import { effectiveCellCount } from '../stats/counting.js';
import type { FinishedTrack } from '../track/tracker.js';
import { mergeDuplicateTracks } from '../track/duplicates.js';
import { dropSmallHeads } from '../track/head-area.js';
import { joinBrokenTracks } from '../track/join.js';
import { repairSwaps } from '../track/repair.js';
import { dropSatellites } from '../track/satellites.js';
import { seenShare } from '../track/seen-share.js';
import { Tracker } from '../track/tracker.js';
import type { GrayFrame, VideoInfo } from '../types.js';
import { summariseMotility } from '../who/motility.js';
import { FrameClock } from '../timing/frame-clock.js';
import {
  DEFAULT_MAX_DROPPED_SHARE,
  constantFrameTiming,
  describeFrameTiming,
} from '../timing/frame-timing.js';
import { measureTrack, toMicronTrack } from './measure-track.js';
import { toMicronTrackAtTimes } from './measure-timed-track.js';
import { HeadSizeMeter, checkCalibration } from './head-size.js';
import { RoundCellCounter, isRoundCellDetection } from './round-cells.js';
import type { AnalysisResult, FrameResult, PolarityReport } from './result.js';

/** Called after each frame with frames done and the expected total (from the probe). */
export type AnalyzeProgress = (done: number, total: number) => void;

/**
 * Longest stretch, ms, the frame loop runs without giving the event loop a turn. Frames read
 * ahead arrive as resolved promises, so without this a server analysing a video would answer
 * nobody until the read-ahead ran dry.
 */
const YIELD_EVERY_MS = 5;
/**
 * When the event loop's last turn spent more than BUSY_TURN_MS on other work (a server answering
 * requests), the loop runs only this long before the next turn: the analysis is background work
 * and leaves the thread mostly to the others; on an idle loop it keeps its long stretches.
 */
const BUSY_YIELD_EVERY_MS = 1;
const BUSY_TURN_MS = 1;

/** Centroid noise of a head, µm: the floor of a track's position uncertainty. */
const POSITION_NOISE_UM = 0.5;
/** Tracks closer than this (µm) may have swapped cells; checked after tracking. */
const ENCOUNTER_UM = 4;
/** Time over which a head's course before and after an encounter is measured, s. */
const COURSE_S = 0.16;
/**
 * Broken tracks of slow and still heads are joined (see joinBrokenTracks): courses at most as fast
 * as a slow progressive head's, µm/s (stage drift included), measured over JOIN_COURSE_S, the two
 * courses differing by at most JOIN_COURSE_TOLERANCE_UM_S; the later track placed within
 * JOIN_RADIUS_UM of where the earlier one's course puts the head (a head's centre jumps by half
 * its length where it merges with its midpiece or a passing cell), starting at most JOIN_GAP_S
 * after the earlier one's end or JOIN_OVERLAP_S before it (a track may coast in a cluster with
 * the head for seconds while a new one follows the head). Chosen on the long-video bench's tuning
 * seeds.
 */
const JOIN_MAX_SPEED_UM_S = 25;
const JOIN_COURSE_S = 0.5;
const JOIN_COURSE_TOLERANCE_UM_S = 12;
const JOIN_RADIUS_UM = 3;
const JOIN_GAP_S = 1;
const JOIN_OVERLAP_S = 3;
/**
 * Two slow tracks closer than this (µm, less than a head's width) over at least DUPLICATE_OVERLAP_S
 * of shared frames (median distance) follow one head and are merged (see mergeDuplicateTracks).
 * Chosen on the long-video bench's tuning seeds.
 */
const DUPLICATE_RADIUS_UM = 2.5;
const DUPLICATE_OVERLAP_S = 0.5;
/**
 * Tracks whose head (median over its views) is smaller than this share of the recording's typical
 * head are fragments or debris, not heads (see dropSmallHeads). On the long-video bench's tuning
 * seed in bright field it removed 23 tracks, 20 of which followed no head or duplicated one; no
 * head lost its only track.
 */
const MIN_HEAD_AREA_SHARE = 0.6;
/**
 * A track that stays within SATELLITE_RADIUS_UM (a head's length and a midpiece: 4.5 + 1.5 µm) of a
 * track with a larger head, in at least SATELLITE_SHARED_SHARE of its frames, follows a piece of
 * that cell's tail (see dropSatellites), unless that head is larger than SATELLITE_MAX_HEAD_SHARE of
 * the typical head (a round particle of debris).
 */
const SATELLITE_RADIUS_UM = 6;
const SATELLITE_SHARED_SHARE = 0.8;
const SATELLITE_MAX_HEAD_SHARE = 1.5;
/**
 * Tracks seen in fewer of their frames than this are not heads (see seenShare). On the long-video
 * bench's tuning seed in bright field (30 s) it removed 46 of 76 tracks that followed no head and
 * 17 of 428 that did; a head tracked in phase contrast is seen in nearly every frame.
 */
const MIN_SEEN_SHARE = 0.6;
/**
 * Half a human sperm head's length, µm: a moving head unseen where its centre would be this close
 * to the field's edge, heading out, is cut by the edge and leaving the field.
 */
const EDGE_MARGIN_UM = 2.5;

export interface AnalyzeOptions {
  readonly onProgress?: AnalyzeProgress;
  /** Keep every frame's boxes in the result. */
  readonly includeDetections?: boolean;
  /** Replace the classical detector (e.g. with a trained model). */
  readonly detector?: Detector;
  /**
   * Decide the heads' polarity from the first frames (see `decidePolarity`) instead of taking
   * `settings.polarity`, which stays the fallback when the frames show no evidence. The result's
   * `settings.polarity` is the polarity used, so the result can be reproduced without this option.
   */
  readonly autoPolarity?: boolean;
  /**
   * Share of dropped frames (0..1, default 5 %) above which the result marks the recording
   * (`video.dropped_over_limit`): its frames' timestamps show gaps where frames went missing.
   */
  readonly maxDroppedShare?: number;
}

/**
 * Analyses a stream of frames: detection and tracking per frame as frames arrive (nothing but the
 * tracks' points and per-frame counts is kept), then kinematics, WHO categories and concentration.
 * The fourth argument is either a progress callback or {@link AnalyzeOptions}.
 */
export async function analyzeFrames(
  frames: AsyncIterable<GrayFrame> | Iterable<GrayFrame>,
  info: VideoInfo,
  settings: CasaSettings,
  optionsOrProgress: AnalyzeOptions | AnalyzeProgress = {},
): Promise<AnalysisResult> {
  const options: AnalyzeOptions =
    typeof optionsOrProgress === 'function' ? { onProgress: optionsOrProgress } : optionsOrProgress;
  if (options.autoPolarity === true) {
    const { head, rest } = await peekFrames(frames, POLARITY_SAMPLE_FRAMES);
    const decision = decidePolarity(head, settings);
    const chosen: CasaSettings = { ...settings, polarity: decision.polarity };
    return analyzeWithPolarity(rest, info, chosen, options, {
      used: decision.polarity,
      chosen_by: 'auto',
      auto: decision,
    });
  }
  return analyzeWithPolarity(frames, info, settings, options, {
    used: settings.polarity,
    chosen_by: 'settings',
    auto: null,
  });
}

async function analyzeWithPolarity(
  frames: AsyncIterable<GrayFrame> | Iterable<GrayFrame>,
  info: VideoInfo,
  settings: CasaSettings,
  options: AnalyzeOptions,
  polarity: PolarityReport,
): Promise<AnalysisResult> {
  const fps = settings.fpsOverride ?? info.fps;
  // An fps override says the container's timing is wrong, so the frames' timestamps are too.
  const clock = new FrameClock(fps, settings.fpsOverride === null);
  const detector = options.detector ?? createHeadDetector(settings);
  const finished: FinishedTrack[] = [];
  const tracker = new Tracker(
    {
      gatePx: settings.trackerGateUm / settings.umPerPixel,
      minSigmaPx: POSITION_NOISE_UM / settings.umPerPixel,
      maxGapFrames: Math.max(1, Math.round(settings.maxGapS * fps)),
      fps,
      minTrackFrames: settings.minTrackFrames,
      field: {
        width: info.width,
        height: info.height,
        edgePx: EDGE_MARGIN_UM / settings.umPerPixel,
      },
    },
    (track) => finished.push(track),
  );
  const perFrame: FrameResult[] = [];
  const headSizes = new HeadSizeMeter();
  const roundCells = new RoundCellCounter();
  let width = info.width;
  let height = info.height;
  const record = (index: GrayFrame['index'], at: number, found: readonly Detection[]) => {
    // Round cells are counted apart: no track, no head size, no sperm count.
    roundCells.add(found);
    const detections = found.some(isRoundCellDetection)
      ? found.filter((d) => !isRoundCellDetection(d))
      : found;
    tracker.push(index, detections, at);
    headSizes.add(detections);
    const count = detections.reduce((sum, d) => sum + d.cellCount, 0);
    perFrame.push(
      options.includeDetections
        ? { frame: index, count, detections: detections.filter((d) => d.cellCount > 0).map(toBox) }
        : { frame: index, count },
    );
    options.onProgress?.(perFrame.length, info.frameCount);
  };
  // An asynchronous detector works on the next frames while the oldest one's answer is awaited;
  // answers are recorded in frame order. A synchronous one costs no promise at all.
  const inDetection: {
    index: GrayFrame['index'];
    at: number;
    detections: Promise<Detection[]>;
  }[] = [];
  let lastYield = performance.now();
  let stretch = YIELD_EVERY_MS;
  for await (const frame of frames) {
    if (performance.now() - lastYield > stretch) {
      const turnStart = performance.now();
      await yieldToEventLoop();
      lastYield = performance.now();
      stretch = lastYield - turnStart > BUSY_TURN_MS ? BUSY_YIELD_EVERY_MS : YIELD_EVERY_MS;
    }
    width = frame.width;
    height = frame.height;
    const at = clock.place(frame);
    const answered = detector.detect(frame, settings);
    if (Array.isArray(answered) && inDetection.length === 0) {
      record(frame.index, at, answered);
      continue;
    }
    const detections = Promise.resolve(answered);
    // Rejections are awaited below; this only keeps a later frame's from counting as unhandled.
    detections.catch(() => undefined);
    inDetection.push({ index: frame.index, at, detections });
    const oldest = inDetection.length >= DETECTIONS_IN_FLIGHT ? inDetection.shift() : undefined;
    if (oldest !== undefined) record(oldest.index, oldest.at, await oldest.detections);
  }
  for (const { index, at, detections } of inDetection) record(index, at, await detections);
  tracker.flush();
  const repaired = repairSwaps(finished, {
    encounterPx: ENCOUNTER_UM / settings.umPerPixel,
    courseFrames: Math.max(3, Math.round(COURSE_S * fps)),
  });
  const slowPx = JOIN_MAX_SPEED_UM_S / settings.umPerPixel / fps;
  const deduplicated = mergeDuplicateTracks(repaired, {
    radiusPx: DUPLICATE_RADIUS_UM / settings.umPerPixel,
    minOverlapFrames: Math.round(DUPLICATE_OVERLAP_S * fps),
    maxSpeedPx: slowPx,
  });
  const rejoined = joinBrokenTracks(deduplicated, {
    maxSpeedPx: slowPx,
    courseTolerancePx: JOIN_COURSE_TOLERANCE_UM_S / settings.umPerPixel / fps,
    radiusPx: JOIN_RADIUS_UM / settings.umPerPixel,
    maxGapFrames: Math.round(JOIN_GAP_S * fps),
    maxOverlapFrames: Math.round(JOIN_OVERLAP_S * fps),
    endFrames: Math.max(3, Math.round(COURSE_S * fps)),
    courseFrames: Math.max(3, Math.round(JOIN_COURSE_S * fps)),
  });
  const seen = rejoined.filter((t) => seenShare(t.points) >= MIN_SEEN_SHARE);
  const heads = dropSmallHeads(seen, MIN_HEAD_AREA_SHARE);
  const joined = dropSatellites(heads, {
    radiusPx: SATELLITE_RADIUS_UM / settings.umPerPixel,
    minSharedShare: SATELLITE_SHARED_SHARE,
    maxHeadShare: SATELLITE_MAX_HEAD_SHARE,
  }).sort((a, b) => a.id - b.id);
  const frameSpan = perFrame.reduce((m, f) => Math.max(m, f.frame + 1), 0);
  const maxDroppedShare = options.maxDroppedShare ?? DEFAULT_MAX_DROPPED_SHARE;
  const times = clock.usesTimestamps ? clock.times(frameSpan) : null;
  const timing =
    times === null ? constantFrameTiming(fps) : describeFrameTiming(times, fps, maxDroppedShare);
  // Evenly spaced timestamps measure as index / fps: a constant-rate file gives the same result
  // with or without them. Uneven ones are measured at the frames' own times, on the nominal grid.
  const realTimes = timing.timing === 'variable' ? times : null;
  const gridFrames =
    realTimes === null ? frameSpan : Math.floor((realTimes[frameSpan - 1] ?? 0) * fps + 1e-6) + 1;
  const drift = estimateDrift(
    joined.map((t) =>
      realTimes === null
        ? toMicronTrack(t.points, settings.umPerPixel)
        : toMicronTrackAtTimes(t.points, realTimes, fps, settings.umPerPixel),
    ),
    {
      fps,
      frames: gridFrames,
      slowProgressiveUmPerS: settings.slowProgressiveUmPerS,
      smoothingS: settings.driftSmoothingS,
    },
  );
  const tracks = joined.map((t) =>
    measureTrack(t, fps, settings, drift, info.codingPeriodFrames, realTimes ?? undefined),
  );
  const durationS =
    realTimes === null
      ? perFrame.length / fps
      : (realTimes[frameSpan - 1] ?? 0) + timing.nominal_interval_s;
  const cellFrames = perFrame.reduce((s, f) => s + f.count, 0);
  const meanCount = perFrame.length > 0 ? cellFrames / perFrame.length : 0;
  const trackSpans = joined.map((t) => (t.points.at(-1)?.[0] ?? 0) - (t.points[0]?.[0] ?? 0) + 1);
  return {
    engine: { name: 'sarm-casa', settings_version: settings.version },
    video: {
      width,
      height,
      fps,
      frames: perFrame.length,
      duration_s: durationS,
      timing: timing.timing,
      dropped_frames: timing.dropped_frames,
      dropped_share: timing.dropped_share,
      max_gap_s: timing.max_gap_s,
      max_dropped_share: maxDroppedShare,
      dropped_over_limit: timing.dropped_over_limit,
    },
    settings,
    polarity,
    calibration_warning: checkCalibration(headSizes, settings.umPerPixel),
    concentration: computeConcentration({
      meanCountPerFrame: meanCount,
      widthPx: width,
      heightPx: height,
      umPerPixel: settings.umPerPixel,
      chamberDepthUm: settings.chamberDepthUm,
      dilution: settings.dilution,
      semenVolumeMl: settings.semenVolumeMl,
      effectiveCells: effectiveCellCount(cellFrames, perFrame.length, trackSpans),
    }),
    // The engine's own detectors tell round cells apart (in both polarities); a trained model
    // may not, and "none" would then be a figure nothing measured.
    ...(options.detector === undefined || roundCells.total > 0
      ? {
          round_cells: roundCells.result({
            widthPx: width,
            heightPx: height,
            umPerPixel: settings.umPerPixel,
            chamberDepthUm: settings.chamberDepthUm,
            dilution: settings.dilution,
          }),
        }
      : {}),
    motility: summariseMotility(tracks),
    drift: drift.estimate,
    tracks,
    per_frame: perFrame,
  };
}

/**
 * Reads the first `count` frames and hands back a stream that yields them again, then the rest.
 * The first frames are copied, since a reader may reuse a frame's buffer once the next is asked for.
 */
async function peekFrames(
  frames: AsyncIterable<GrayFrame> | Iterable<GrayFrame>,
  count: number,
): Promise<{ head: GrayFrame[]; rest: AsyncIterable<GrayFrame> }> {
  const iterator =
    Symbol.asyncIterator in frames ? frames[Symbol.asyncIterator]() : frames[Symbol.iterator]();
  const head: GrayFrame[] = [];
  let ended = false;
  while (!ended && head.length < count) {
    const step = await iterator.next();
    if (step.done === true) ended = true;
    else head.push({ ...step.value, data: step.value.data.slice() });
  }
  async function* replay(): AsyncGenerator<GrayFrame> {
    yield* head;
    if (ended) return;
    let done = false;
    try {
      for (;;) {
        const step = await iterator.next();
        if (step.done === true) {
          done = true;
          return;
        }
        yield step.value;
      }
    } catch (error) {
      done = true;
      throw error;
    } finally {
      if (!done) await iterator.return?.();
    }
  }
  return { head, rest: replay() };
}

/**
 * Lets timers and I/O callbacks run (a macrotask; a resolved promise would not): `setImmediate`
 * where there is one (Node; no 1 ms timer clamp), else a zero timeout.
 */
function yieldToEventLoop(): Promise<void> {
  const immediate = (globalThis as { setImmediate?: (callback: () => void) => unknown })
    .setImmediate;
  return new Promise((resolve) =>
    immediate === undefined ? setTimeout(resolve, 0) : immediate(() => resolve()),
  );
}

function toBox(d: Detection): readonly [number, number, number, number, number] {
  return [d.x1, d.y1, d.x2, d.y2, Math.round(d.confidence * 1000) / 1000];
}
