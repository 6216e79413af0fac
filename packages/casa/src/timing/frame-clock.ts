import type { GrayFrame } from '../types.js';

/**
 * Places each frame in time as the analysis reads it: at its own timestamp when the frames carry
 * one (`GrayFrame.time`), else at index / fps. Positions are given in nominal frames (time x fps),
 * the unit the tracker's velocities and gates are in, so a constant-rate stream without timestamps
 * is placed exactly at its frame indices and tracks exactly as before timestamps existed.
 */
export class FrameClock {
  /** Seconds since the first frame, by frame index; empty when the frames carry no times. */
  private readonly seconds: number[] = [];
  private origin: number | null = null;
  private timed: boolean | null = null;
  private lastIndex = -1;

  /** `fps` is the nominal rate; `useTimes` false ignores the frames' times (an fps override). */
  constructor(
    readonly fps: number,
    private readonly useTimes: boolean,
  ) {}

  /**
   * Records a frame (frames arrive in increasing index) and returns its position in nominal
   * frames since the first one. Whether times are used is decided by the first frame: a stream
   * whose first frame has no time is placed by index throughout; a later frame without a time
   * (or one not after its predecessor) is placed one nominal interval after the previous frame.
   */
  place(frame: Pick<GrayFrame, 'index' | 'time'>): number {
    const index: number = frame.index;
    if (this.timed === null) this.timed = this.useTimes && frame.time !== undefined;
    if (!this.timed) return index;
    const previous = this.seconds[this.lastIndex];
    const raw: number | undefined = frame.time;
    let t: number;
    if (previous === undefined) {
      this.origin = raw ?? 0;
      t = 0;
    } else if (raw === undefined || this.origin === null || raw - this.origin <= previous) {
      t = previous + (index - this.lastIndex) / this.fps;
    } else t = raw - this.origin;
    for (let i = this.lastIndex + 1; i < index; i++) {
      // Indices a reader skipped sit evenly between their neighbours.
      const p = previous ?? 0;
      this.seconds[i] = p + ((t - p) * (i - this.lastIndex)) / (index - this.lastIndex);
    }
    this.seconds[index] = t;
    this.lastIndex = index;
    return t * this.fps;
  }

  /** True when the frames' own timestamps placed them. */
  get usesTimestamps(): boolean {
    return this.timed === true;
  }

  /** Seconds since the first frame, by frame index (index / fps when the frames had no times). */
  times(frames: number): Float64Array {
    if (this.timed === true) return Float64Array.from(this.seconds);
    return Float64Array.from({ length: frames }, (_, i) => i / this.fps);
  }
}
