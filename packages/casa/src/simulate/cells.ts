/** Per-cell simulated state and the motion models of the four WHO classes. */
import type { WhoMotilityCategory } from '@sarm/contracts';
import type { RandomWalk } from './brownian.js';
import type { Rng } from './random.js';

/** The simulated life of one sperm cell: its state in every frame from `start` on. */
export interface SimCell {
  readonly id: number;
  readonly category: WhoMotilityCategory;
  /** First frame with a state. */
  readonly start: number;
  /** Head centroid per frame (pixel centres at integer coordinates). */
  readonly x: number[];
  readonly y: number[];
  /** Head orientation (direction the head points), radians. */
  readonly headAngle: number[];
  /** Direction the tail axis points away from the head, radians. */
  readonly tailAngle: number[];
  /** Flagellar beat phase, radians. */
  readonly beat: number[];
  readonly tail: TailShape;
  /** Out of the focal plane: drawn at half contrast and blurred. */
  readonly defocused: boolean;
  /** Its head is stuck to the glass (see `stuckToGlass`). */
  readonly stuck: boolean;
}

/** Shape of the flagellum in pixels. */
export interface TailShape {
  readonly lengthPx: number;
  readonly amplitudePx: number;
  readonly wavelengthPx: number;
}

/** Progressive swimmer: a gently curving average path with lateral head oscillation. */
export interface Swimmer {
  readonly cell: SimCell;
  /** Average-path point, pixels, without stage drift. */
  px: number;
  py: number;
  theta: number;
  readonly omega0: number;
  readonly omega1: number;
  readonly omegaFreq: number;
  readonly omegaPhase: number;
  readonly speedPx: number;
  readonly ampPx: number;
  readonly beatFreq: number;
  readonly beatPhase: number;
  replaced: boolean;
  done: boolean;
}

/** Motion ranges of a progressive class, in µm, µm/s, Hz. */
interface SwimRanges {
  readonly speed: readonly [number, number];
  readonly amp: readonly [number, number];
  readonly freq: readonly [number, number];
  readonly turn: number;
}

const RAPID: SwimRanges = { speed: [30, 70], amp: [1, 3], freq: [5, 20], turn: 0.12 };
const SLOW: SwimRanges = { speed: [8, 20], amp: [0.5, 1.5], freq: [3, 10], turn: 0.15 };

/** Tail length range, µm. */
const TAIL_LENGTH_UM: readonly [number, number] = [30, 40];

/** Draws a tail shape for a cell. */
export function drawTail(rng: Rng, upp: number, amplitudeUm: number): TailShape {
  return {
    lengthPx: rng.range(TAIL_LENGTH_UM[0], TAIL_LENGTH_UM[1]) / upp,
    amplitudePx: (amplitudeUm * rng.range(0.8, 1.2)) / upp,
    wavelengthPx: rng.range(18, 26) / upp,
  };
}

/** Creates an empty cell record. */
export function newCell(
  id: number,
  category: WhoMotilityCategory,
  start: number,
  tail: TailShape,
  defocused = false,
  stuck = false,
): SimCell {
  return {
    id,
    category,
    start,
    x: [],
    y: [],
    headAngle: [],
    tailAngle: [],
    beat: [],
    tail,
    defocused,
    stuck,
  };
}

/**
 * Creates a progressive swimmer at (x, y) heading `theta`. Speeds are converted to pixels per frame.
 */
export function newSwimmer(
  rng: Rng,
  cell: SimCell,
  x: number,
  y: number,
  theta: number,
  upp: number,
  fps: number,
): Swimmer {
  const r = cell.category === 'Rapid Progressive' ? RAPID : SLOW;
  return {
    cell,
    px: x,
    py: y,
    theta,
    omega0: rng.range(-r.turn, r.turn),
    omega1: rng.range(0, r.turn * 0.6),
    omegaFreq: rng.range(0.1, 0.4),
    omegaPhase: rng.range(0, 2 * Math.PI),
    speedPx: rng.range(r.speed[0], r.speed[1]) / upp / fps,
    ampPx: rng.range(r.amp[0], r.amp[1]) / upp,
    beatFreq: rng.range(r.freq[0], r.freq[1]),
    beatPhase: rng.range(0, 2 * Math.PI),
    replaced: false,
    done: false,
  };
}

/** Largest lateral head amplitude of a progressive class, µm (used to inset spawns). */
export const MAX_SWIM_AMP_UM = RAPID.amp[1];

/**
 * Advances a swimmer to frame `frame` (no step on its first frame) and returns the head centroid
 * without drift, head angle, tail angle and beat phase.
 */
export function stepSwimmer(
  s: Swimmer,
  frame: number,
  fps: number,
): { x: number; y: number; head: number; tailDir: number; beat: number } {
  const t = frame / fps;
  if (frame > s.cell.start) {
    const omega = s.omega0 + s.omega1 * Math.sin(2 * Math.PI * s.omegaFreq * t + s.omegaPhase);
    s.theta += omega / fps;
    s.px += s.speedPx * Math.cos(s.theta);
    s.py += s.speedPx * Math.sin(s.theta);
  }
  const beat = 2 * Math.PI * s.beatFreq * t + s.beatPhase;
  const lateral = s.ampPx * Math.sin(beat);
  return {
    x: s.px - Math.sin(s.theta) * lateral,
    y: s.py + Math.cos(s.theta) * lateral,
    head: s.theta + 0.2 * Math.cos(beat),
    tailDir: s.theta + Math.PI,
    beat,
  };
}

/** A cell that stays in place: circling (non-progressive) or still (immotile). */
export interface Stayer {
  readonly cell: SimCell;
  readonly cx: number;
  readonly cy: number;
  readonly radiusPx: number;
  readonly circleFreq: number;
  readonly direction: number;
  readonly phase: number;
  readonly beatFreq: number;
  /** Lateral head oscillation of a beating non-progressive cell; absent in the circling model. */
  readonly oscillation?: HeadOscillation;
  /** Brownian displacement, px (zero steps when diffusion is off). */
  readonly walk?: RandomWalk;
  /** A head stuck to the glass by its tip, rocked by the flagellum's beat; absent when free. */
  readonly pivot?: HeadPivot;
}

/**
 * The rocking of a head held to the glass by its tip: the head turns about the tip by up to
 * `swingRad` either side of its rest direction (`Stayer.phase`) at the beat frequency, so its
 * centre moves on an arc of radius `armPx` (half the head's length).
 */
export interface HeadPivot {
  readonly armPx: number;
  readonly swingRad: number;
}

/** One-sided swing of a stuck, beating head about its held tip, radians (5 to 25 degrees). */
const STUCK_SWING_RAD: readonly [number, number] = [(5 * Math.PI) / 180, (25 * Math.PI) / 180];

/**
 * Sticks a stayer's head to the glass: it stops diffusing; a non-progressive cell's head rocks
 * about its held tip at the beat frequency ({@link HeadPivot}), an immotile one stays still.
 * Draws from `rng`, a stream of its own.
 */
export function stuckToGlass(s: Stayer, rng: Rng, headHalfLengthPx: number): Stayer {
  const { walk: _free, oscillation: _swing, ...held } = s;
  if (s.cell.category !== 'Non Progressive') return { ...held, radiusPx: 0, circleFreq: 0 };
  return {
    ...held,
    radiusPx: 0,
    circleFreq: 0,
    beatFreq: rng.range(BEAT_HZ[0], BEAT_HZ[1]),
    pivot: {
      armPx: headHalfLengthPx,
      swingRad: rng.range(STUCK_SWING_RAD[0], STUCK_SWING_RAD[1]),
    },
  };
}

/**
 * A non-progressive cell whose flagellum beats without moving it forward: the head swings
 * sideways at the beat frequency while its axis turns slowly around a spot or a small circle.
 */
export interface HeadOscillation {
  /** One-sided lateral amplitude, px. */
  readonly amplitudePx: number;
  /** Radius of the slow orbit of the head's rest point, px (0: a spot). */
  readonly orbitRadiusPx: number;
  /** Turns per second of the head axis and orbit, Hz (signed). */
  readonly orbitHz: number;
}

/** Beat frequency (Hz) and one-sided lateral head amplitude (µm) of a beating non-progressive cell. */
const BEAT_HZ: readonly [number, number] = [4, 20];
const BEAT_AMPLITUDE_UM: readonly [number, number] = [0.3, 1.2];

/**
 * Turns a stayer into a beating non-progressive cell (draws from `rng`, a stream of its own, so the
 * main stream and the old videos stay as they were).
 */
export function withHeadOscillation(s: Stayer, rng: Rng, upp: number, walk: RandomWalk): Stayer {
  return {
    ...s,
    radiusPx: 0,
    circleFreq: 0,
    beatFreq: rng.range(BEAT_HZ[0], BEAT_HZ[1]),
    oscillation: {
      amplitudePx: rng.range(BEAT_AMPLITUDE_UM[0], BEAT_AMPLITUDE_UM[1]) / upp,
      orbitRadiusPx: rng.next() < 0.5 ? 0 : rng.range(0.3, 1.5) / upp,
      orbitHz: s.direction * rng.range(0.05, 0.5),
    },
    walk,
  };
}

/** Draws the motion of a non-progressive (circling) or immotile (still) cell centred at (cx, cy). */
export function newStayer(rng: Rng, cell: SimCell, cx: number, cy: number, upp: number): Stayer {
  const moving = cell.category === 'Non Progressive';
  return {
    cell,
    cx,
    cy,
    radiusPx: moving ? rng.range(1.5, 3) / upp : 0,
    circleFreq: moving ? rng.range(1, 3) : 0,
    direction: rng.next() < 0.5 ? -1 : 1,
    phase: rng.range(0, 2 * Math.PI),
    beatFreq: moving ? rng.range(4, 10) : 0,
  };
}

/** State of a stayer at `frame`, without drift. */
export function stayerAt(
  s: Stayer,
  frame: number,
  fps: number,
): { x: number; y: number; head: number; tailDir: number; beat: number } {
  const t = frame / fps;
  const wx = s.walk?.x ?? 0;
  const wy = s.walk?.y ?? 0;
  const pivot = s.pivot;
  if (pivot) {
    const beat = 2 * Math.PI * s.beatFreq * t + s.phase;
    const head = s.phase + pivot.swingRad * Math.sin(beat);
    // The tip, held, lies an arm ahead of the centre at rest.
    return {
      x: s.cx + pivot.armPx * (Math.cos(s.phase) - Math.cos(head)),
      y: s.cy + pivot.armPx * (Math.sin(s.phase) - Math.sin(head)),
      head,
      tailDir: head + Math.PI,
      beat,
    };
  }
  const osc = s.oscillation;
  if (osc) {
    const axis = 2 * Math.PI * osc.orbitHz * t + s.phase;
    const beat = 2 * Math.PI * s.beatFreq * t + s.phase;
    const lateral = osc.amplitudePx * Math.sin(beat);
    return {
      x: s.cx + wx + osc.orbitRadiusPx * Math.cos(axis) - Math.sin(axis) * lateral,
      y: s.cy + wy + osc.orbitRadiusPx * Math.sin(axis) + Math.cos(axis) * lateral,
      head: axis + 0.2 * Math.cos(beat),
      tailDir: axis + Math.PI,
      beat,
    };
  }
  const psi = s.direction * 2 * Math.PI * s.circleFreq * t + s.phase;
  const head = s.radiusPx > 0 ? psi + (s.direction * Math.PI) / 2 : s.phase;
  return {
    x: s.cx + wx + s.radiusPx * Math.cos(psi),
    y: s.cy + wy + s.radiusPx * Math.sin(psi),
    head,
    tailDir: head + Math.PI,
    beat: 2 * Math.PI * s.beatFreq * t + s.phase,
  };
}
