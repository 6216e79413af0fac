import type { Detection } from '../detect/types.js';
import type { Prediction } from './candidates.js';
import { assignTracks } from './candidates.js';
import { markOverlaps } from './occlusion.js';
import { headAngle } from './orientation.js';

/** One point of a track: frame index and head centroid in pixels. */
export type TrackPoint = readonly [frame: number, x: number, y: number];

export interface FinishedTrack {
  readonly id: number;
  readonly points: TrackPoint[];
  /**
   * The first detections of the track (at most {@link KEPT_DETECTIONS}), enough for a robust head
   * shape without keeping every detection of a long video in memory.
   */
  readonly detections: Detection[];
}

/** Detections kept per track for its morphometry. */
export const KEPT_DETECTIONS = 25;

/** Weight of the newest step in the smoothed velocity: heads wobble sideways, so one step over-reacts. */
const VELOCITY_SMOOTHING = 0.15;
/** Weight of the newest prediction error in a track's running position variance. */
const VARIANCE_SMOOTHING = 0.2;
/**
 * Cost added per second a track has gone unseen (in units of the assignment cost, see candidates),
 * charged per missed frame: 1.5 a frame at 50 fps. Per frame, a track at 100 fps would reach the
 * cost of staying unmatched in half the time it takes at 50 fps and never come back.
 */
const MISSED_SECOND_COST = 75;
/** Predictions within this share of the gate of a head's box count as inside it (see occlusion). */
const OVERLAP_MARGIN_GATES = 0.6;
/** Weight of the newest head area in a track's running area. */
const AREA_SMOOTHING = 0.2;
/**
 * A still head (moving less than a quarter of its position noise per frame) may stay unseen this
 * many times longer: hidden under a passing cell, it reappears where it was.
 */
const STILL_GAP_FACTOR = 4;

interface ActiveTrack {
  id: number;
  points: TrackPoint[];
  detections: Detection[];
  vx: number;
  vy: number;
  /** Running per-axis variance of the prediction error, px²: small for still heads, large for beating ones. */
  variance: number;
  /** Running head area, µm². */
  areaUm2: number;
  /** Long-axis direction of the head when last seen; null when the head looked round. */
  angle: number | null;
  /**
   * Time of the last detection of the head itself (not a cluster it was hidden in), in nominal
   * frames (see {@link Tracker.push}).
   */
  lastSeen: number;
  /** Time of the track's last point, nominal frames. */
  lastAt: number;
  /** Frames (that exist) in which the track took no head since its last point. */
  missed: number;
}

export interface TrackerOptions {
  /** Gate on the distance between prediction and detection, pixels. */
  readonly gatePx: number;
  readonly maxGapFrames: number;
  readonly minTrackFrames: number;
  /** Floor of a track's position uncertainty (centroid noise), pixels; 1 when not given. */
  readonly minSigmaPx?: number;
  /** Frames per second, which sets what a missed frame costs; 50 when not given. */
  readonly fps?: number;
  /**
   * The field of view, pixels, and how close to its edge (pixels; half a head length) a moving
   * head that goes unseen has left it: its track ends at once instead of coasting, so it cannot
   * take a head entering nearby. Without it tracks coast at the edges as anywhere.
   */
  readonly field?: { readonly width: number; readonly height: number; readonly edgePx: number };
}

/**
 * Links detections frame by frame into tracks: constant-velocity prediction, then a globally optimal
 * assignment (Hungarian method on the gated, sparse cost matrix, solved per group of tracks and
 * detections that compete for one another). A head takes one track; a cluster of touching cells
 * takes up to as many tracks as cells it holds, and those tracks coast through it on their
 * prediction, which keeps identities when cells cross. Tracks missing up to `maxGapFrames` frames
 * coast too. Finished tracks go to `onFinished` as soon as they end, so memory does not grow with
 * video length.
 */
export class Tracker {
  private active: ActiveTrack[] = [];
  private nextId = 1;

  constructor(
    private readonly options: TrackerOptions,
    private readonly onFinished: (track: FinishedTrack) => void,
  ) {}

  /**
   * Adds one frame's detections (frames must arrive in increasing order). Heads ('sperm') extend or
   * start tracks; clusters only carry tracks through; pinheads are ignored. `at` is the frame's
   * time in nominal frames (seconds x fps; the frame index when not given): velocities, gates and
   * the gap limit go by it, so uneven frame times and a stall (frames dropped, times kept) are
   * bridged by the time that passed, not by the count of frames.
   */
  push(frame: number, detections: readonly Detection[], at: number = frame): void {
    const tracks = this.active;
    const { gatePx, maxGapFrames, fps } = this.options;
    const missedFrameCost = MISSED_SECOND_COST / (fps ?? 50);
    const predictions = tracks.map((t): Prediction => {
      const last = t.points[t.points.length - 1] ?? [frame, 0, 0];
      const steps = at - t.lastAt;
      // Fast heads beat sideways by several micrometres per frame: their gate widens with speed.
      // A shorter interval than nominal does not narrow it (the beat is as wide). A stall moves
      // the prediction by the time that passed and grows its variance with it, but the gate stays
      // at two steps: wider, it let tracks take passing cells after a stall (seen on simulations).
      const gate = this.isStill(t)
        ? gatePx
        : (gatePx + Math.hypot(t.vx, t.vy)) * Math.min(Math.max(steps, 1), 2);
      return {
        x: last[1] + t.vx * steps,
        y: last[2] + t.vy * steps,
        gate,
        // Uncertainty grows with the frames since the head itself was last seen, including frames
        // spent hidden in a cluster (a circling cell does not keep its velocity while hidden). A
        // still head does not: hidden under a passing cell, it is where it was.
        variance: this.isStill(t) ? t.variance : t.variance * (at - t.lastSeen),
        // A coasting track pays for each missed frame, so a track seen last frame wins a contested
        // head instead of the two taking it in turns.
        penalty: t.missed * missedFrameCost,
        angle: t.angle,
      };
    });
    const usable = markOverlaps(
      detections.filter((d) => d.className !== 'small_or_pinhead'),
      predictions.map((p, i) => ({ x: p.x, y: p.y, areaUm2: tracks[i]?.areaUm2 ?? 0 })),
      OVERLAP_MARGIN_GATES * gatePx,
    );
    const detectionOf = assignTracks(predictions, usable);
    const taken = new Set<Detection>();
    this.active = [];
    tracks.forEach((track, i) => {
      const d = detectionOf[i];
      const p = predictions[i];
      if (d && p) {
        taken.add(d);
        if (d.className === 'cluster') this.coast(track, frame, at, p, d);
        else this.extend(track, frame, at, d, p);
        this.active.push(track);
        return;
      }
      track.missed += 1;
      const gapFrames = maxGapFrames * (this.isStill(track) ? STILL_GAP_FACTOR : 1);
      // The gap is the time since the track's last point (at a constant rate, the missed frames).
      const unseen = at - track.lastAt;
      if (unseen <= gapFrames && (p === undefined || !this.hasLeftField(track, p))) {
        this.active.push(track);
      } else this.finish(track);
    });
    for (const d of usable) {
      if (d.className !== 'sperm' || taken.has(d)) continue;
      this.active.push({
        id: this.nextId++,
        points: [[frame, d.x, d.y]],
        detections: [d],
        vx: 0,
        vy: 0,
        // Until its speed is known a new track may be anywhere within its gate.
        variance: (gatePx / 2) ** 2,
        areaUm2: d.morphometry.area_um2,
        angle: headAngle(d),
        lastSeen: at,
        lastAt: at,
        missed: 0,
      });
    }
  }

  /** Ends every open track (call after the last frame). */
  flush(): void {
    for (const t of this.active) this.finish(t);
    this.active = [];
  }

  /** A moving head unseen where it would be within the edge margin, heading out: it has left. */
  private hasLeftField(track: ActiveTrack, p: Prediction): boolean {
    const { field } = this.options;
    if (field === undefined || this.isStill(track)) return false;
    const { width, height, edgePx } = field;
    return (
      (p.x < edgePx && track.vx < 0) ||
      (p.y < edgePx && track.vy < 0) ||
      (p.x > width - 1 - edgePx && track.vx > 0) ||
      (p.y > height - 1 - edgePx && track.vy > 0)
    );
  }

  private isStill(track: ActiveTrack): boolean {
    const noise = this.options.minSigmaPx ?? 1;
    return Math.hypot(track.vx, track.vy) < noise / 4;
  }

  private extend(track: ActiveTrack, frame: number, at: number, d: Detection, p: Prediction): void {
    track.areaUm2 = (1 - AREA_SMOOTHING) * track.areaUm2 + AREA_SMOOTHING * d.morphometry.area_um2;
    track.angle = headAngle(d);
    track.lastSeen = at;
    const last = track.points[track.points.length - 1];
    const floor = (this.options.minSigmaPx ?? 1) ** 2;
    const error2 = ((d.x - p.x) ** 2 + (d.y - p.y) ** 2) / 2;
    track.variance = Math.max(
      floor,
      (1 - VARIANCE_SMOOTHING) * track.variance + VARIANCE_SMOOTHING * error2,
    );
    if (last) {
      const steps = at - track.lastAt;
      // A young track averages all its steps so far (one step of a beating head says little about
      // its course); an older one follows a moving average.
      const alpha = Math.max(VELOCITY_SMOOTHING, 1 / track.points.length);
      track.vx = (1 - alpha) * track.vx + (alpha * (d.x - last[1])) / steps;
      track.vy = (1 - alpha) * track.vy + (alpha * (d.y - last[2])) / steps;
    }
    track.points.push([frame, d.x, d.y]);
    track.lastAt = at;
    if (track.detections.length < KEPT_DETECTIONS) track.detections.push(d);
    track.missed = 0;
  }

  /**
   * Inside a cluster the blob's centroid lies between the cells: follow the prediction instead, kept
   * inside the cluster's box (a cell that turns while hidden must not coast away from it).
   */
  private coast(
    track: ActiveTrack,
    frame: number,
    at: number,
    p: Prediction,
    cluster: Detection,
  ): void {
    const x = Math.min(Math.max(p.x, cluster.x1), cluster.x2 - 1);
    const y = Math.min(Math.max(p.y, cluster.y1), cluster.y2 - 1);
    track.points.push([frame, x, y]);
    track.lastAt = at;
    track.missed = 0;
  }

  private finish(track: ActiveTrack): void {
    if (track.points.length >= this.options.minTrackFrames) {
      this.onFinished({ id: track.id, points: track.points, detections: track.detections });
    }
  }
}
