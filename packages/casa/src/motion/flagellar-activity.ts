/**
 * Class (c) vs (d): does the head show the periodic motion of an active flagellum?
 *
 * Neither total displacement nor deviation from a straight line can tell: a dead cell's random walk
 * produces both. Nor can the size or the memory of the head's jitter: on real, compressed video the
 * centroid of a still head wanders by 0.2 to 0.5 µm and its steps stay correlated for many frames
 * (inter-frame prediction copies blocks from frame to frame, neighbours' tails and passing swimmers
 * pull the centroid), so "steps correlated over a beat period" and "RMS above a floor" both call
 * still heads active. What none of these produces is periodic motion at one frequency:
 * - a flagellum beating at 4 to 20 Hz swings the head at the beat frequency: a spectral LINE, while
 *   localisation noise, its temporal correlation (however strong), Brownian motion, residual drift
 *   and transient pulls all have smooth spectra;
 * - a cell swimming in small circles (1 to 4 Hz, slower than any beat) turns one way: its motion is
 *   ROTATION, power at +f (anticlockwise) but not at -f in the spectrum of z = x + iy, while any
 *   motion without a sense of turning (noise of any colour, isotropic or not, a random walk, drift
 *   along a line) has the same power at +f and -f.
 *
 * The steps of the drift-corrected track (missed frames interpolated, which whitens a random walk;
 * mean removed; outliers clipped at 4 robust standard deviations) are cut into segments of about
 * `SEGMENT_S` (0.5 Hz resolution, over which a flagellum keeps its frequency), and periodograms are
 * summed over the segments. A line or a rotation is looked for in windows of three bins (a line
 * between bins, or split by the head axis turning slowly, spreads over neighbours):
 * - beat, every window centred from 1 / `maxPeriodS` to the Nyquist frequency: the window's power in
 *   x and y against each of its flanks (the bins up to `BACKGROUND_HALF_WIDTH_HZ` beyond it on one
 *   side). Under the null (a spectrum smooth over that width, whatever its level and colour) the
 *   window over a flank's mean follows an F law, P(U > c V) = (1 + c)^-b sum_{j<a} C(b + j - 1, j)
 *   (c / (1 + c))^j for U ~ Gamma(a), V ~ Gamma(b): exact, no noise level to estimate or assume. A
 *   line must stand out above BOTH flanks (the larger p-value; near the band's ends, where a flank
 *   has fewer than `MIN_FLANK_BINS`, the other alone), so the top of a smooth bump or a slope
 *   (temporally correlated noise has a band-pass step spectrum) is no line. The degrees of freedom
 *   are those of two independent axes scaled by the steps' isotropy (tr C)^2 / tr C^2 of their
 *   covariance C (Satterthwaite): one axis' worth when the jitter runs along one line;
 * - rotation, every window centred from 1 Hz to 1 / `maxPeriodS`: the power at +f against that at
 *   -f, the same F law with a = b (two-sided);
 * - with the video's coding pattern known (`codingPeriodFrames`), windows that reach a bin of its lines
 *   (fps x j / period: 12.5 and 25 Hz for "P B B B" at 50 fps) are not tested: there a still head's
 *   centroid moves with the picture types, B frames being interpolated from both sides.
 * - the smallest p-value of each family times its number of windows (Bonferroni), the smaller of the
 *   two times two, must fall below `significance`.
 *
 * The head's motion is thus judged against this recording's (and this head's) own noise, at its own
 * temporal correlation, with no amplitude threshold. Frequencies are in Hz, so the test means the
 * same at 25 and 100 fps; a beat above the Nyquist frequency shows at its alias.
 */

export interface FlagellarActivityOptions {
  readonly fps: number;
  /** Longest beat period looked for, s: 1 / the lowest beat frequency, the fastest circling. */
  readonly maxPeriodS: number;
  /** Family-wise tail probability of the test (over all frequencies tested). */
  readonly significance: 0.05 | 0.01 | 0.001 | 0.0001;
  /**
   * The video's pattern of coded picture types, in frames (see `VideoInfo.codingPeriodFrames`):
   * lines at its frequencies, fps x j / period, are the encoder's, so no beat is looked for there.
   */
  readonly codingPeriodFrames?: number;
}

export interface FlagellarActivity {
  readonly active: boolean;
  /** Bonferroni-adjusted p-value of the strongest evidence (1 when the track is too short to test). */
  readonly pValue: number;
  /** What the strongest evidence is: a beat (a line), a rotation (circling) or nothing testable. */
  readonly evidence: 'beat' | 'rotation' | 'none';
  /** Its frequency, Hz (a beat above the Nyquist frequency shows at its alias). */
  readonly frequencyHz: number;
}

/** A head position in µm at a frame index; frames need not be consecutive. */
export interface FramePoint {
  readonly frame: number;
  readonly x: number;
  readonly y: number;
}

/** Length of the segments whose periodograms are averaged, s: 0.5 Hz resolution. */
const SEGMENT_S = 2;
/** Half-width of the band that defines a bin's background, Hz. */
const BACKGROUND_HALF_WIDTH_HZ = 4;
/** A flank (one side of a bin's background) counts only with at least this many bins (1.5 Hz). */
const MIN_FLANK_BINS = 3;

/** Steps of the positions at every frame from the first to the last (missed frames interpolated). */
function regularSteps(points: readonly FramePoint[]): { dx: Float64Array; dy: Float64Array } {
  const first = points[0]?.frame ?? 0;
  const n = Math.max(0, (points.at(-1)?.frame ?? first) - first);
  const dx = new Float64Array(n);
  const dy = new Float64Array(n);
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1];
    const b = points[i];
    if (!a || !b) continue;
    const gap = b.frame - a.frame;
    for (let g = 0; g < gap; g++) {
      const k = a.frame - first + g;
      dx[k] = (b.x - a.x) / gap;
      dy[k] = (b.y - a.y) / gap;
    }
  }
  return { dx, dy };
}

/** Removes the mean step and clips outliers (one jump of a pulled centroid) at 4 robust SD. */
function centreAndClip(dx: Float64Array, dy: Float64Array): void {
  const n = dx.length;
  if (n === 0) return;
  let mx = 0;
  let my = 0;
  for (let k = 0; k < n; k++) {
    mx += dx[k] ?? 0;
    my += dy[k] ?? 0;
  }
  mx /= n;
  my /= n;
  const magnitudes = new Float64Array(2 * n);
  for (let k = 0; k < n; k++) {
    dx[k] = (dx[k] ?? 0) - mx;
    dy[k] = (dy[k] ?? 0) - my;
    magnitudes[2 * k] = Math.abs(dx[k] ?? 0);
    magnitudes[2 * k + 1] = Math.abs(dy[k] ?? 0);
  }
  // A typed array sorts numerically, without a comparator.
  magnitudes.sort();
  // 1.4826 x median absolute value: the standard deviation of a normal step.
  const limit = 4 * 1.4826 * (magnitudes[magnitudes.length >> 1] ?? 0);
  if (limit <= 0) return;
  for (let k = 0; k < n; k++) {
    dx[k] = Math.max(-limit, Math.min(limit, dx[k] ?? 0));
    dy[k] = Math.max(-limit, Math.min(limit, dy[k] ?? 0));
  }
}

/** Periodograms summed over the segments, at bins 1..floor((length - 1) / 2) (index 0 unused). */
interface Spectra {
  /** |X|^2 + |Y|^2: power of the x and y steps. */
  readonly power: Float64Array;
  /** |Z(+f)|^2 and |Z(-f)|^2 of z = x + iy: anticlockwise and clockwise power. */
  readonly anticlockwise: Float64Array;
  readonly clockwise: Float64Array;
}

/** Periodograms of the steps summed over `segments` segments of `length` steps. */
function segmentSpectra(
  dx: Float64Array,
  dy: Float64Array,
  segments: number,
  length: number,
): Spectra {
  const bins = Math.floor((length - 1) / 2);
  const power = new Float64Array(bins + 1);
  const anticlockwise = new Float64Array(bins + 1);
  const clockwise = new Float64Array(bins + 1);
  const cos = new Float64Array(length);
  const sin = new Float64Array(length);
  for (let t = 0; t < length; t++) {
    cos[t] = Math.cos((2 * Math.PI * t) / length);
    sin[t] = Math.sin((2 * Math.PI * t) / length);
  }
  const x = new Float64Array(length);
  const y = new Float64Array(length);
  for (let s = 0; s < segments; s++) {
    let mx = 0;
    let my = 0;
    for (let t = 0; t < length; t++) {
      x[t] = dx[s * length + t] ?? 0;
      y[t] = dy[s * length + t] ?? 0;
      mx += x[t] ?? 0;
      my += y[t] ?? 0;
    }
    for (let t = 0; t < length; t++) {
      x[t] = (x[t] ?? 0) - mx / length;
      y[t] = (y[t] ?? 0) - my / length;
    }
    for (let k = 1; k <= bins; k++) {
      // X = xr - i xs, Y = yr - i ys (the transform at +f).
      let xr = 0;
      let xs = 0;
      let yr = 0;
      let ys = 0;
      for (
        let t = 0, phase = 0;
        t < length;
        t++, phase = phase + k < length ? phase + k : phase + k - length
      ) {
        const c = cos[phase] ?? 0;
        const si = sin[phase] ?? 0;
        xr += (x[t] ?? 0) * c;
        xs += (x[t] ?? 0) * si;
        yr += (y[t] ?? 0) * c;
        ys += (y[t] ?? 0) * si;
      }
      power[k] = (power[k] ?? 0) + (xr * xr + xs * xs + yr * yr + ys * ys) / length;
      // Z(+f) = X + iY, Z(-f) = conj(X) + i conj(Y).
      anticlockwise[k] = (anticlockwise[k] ?? 0) + ((xr + ys) ** 2 + (yr - xs) ** 2) / length;
      clockwise[k] = (clockwise[k] ?? 0) + ((xr - ys) ** 2 + (yr + xs) ** 2) / length;
    }
  }
  return { power, anticlockwise, clockwise };
}

/**
 * Axes' worth of independent jitter in the steps, (tr C)^2 / tr C^2 of their covariance C: 2 when
 * isotropic, 1 when all along one line (Satterthwaite's degrees of freedom of a sum of two scaled
 * chi-squares, per axis' worth).
 */
function isotropy(dx: Float64Array, dy: Float64Array): number {
  let xx = 0;
  let yy = 0;
  let xy = 0;
  for (let k = 0; k < dx.length; k++) {
    xx += (dx[k] ?? 0) ** 2;
    yy += (dy[k] ?? 0) ** 2;
    xy += (dx[k] ?? 0) * (dy[k] ?? 0);
  }
  const squares = xx * xx + yy * yy + 2 * xy * xy;
  return squares > 0 ? (xx + yy) ** 2 / squares : 1;
}

/**
 * P(U > c V) for independent U ~ Gamma(a), V ~ Gamma(b), a a positive integer: the upper tail of
 * a bin's power over the summed power of its background bins (a and b are twice their degrees of
 * freedom over two).
 */
export function gammaRatioTail(c: number, a: number, b: number): number {
  if (!(c > 0)) return 1;
  const r = c / (1 + c);
  let term = 1;
  let sum = 1;
  for (let j = 1; j < a; j++) {
    term *= ((b + j - 1) / j) * r;
    sum += term;
  }
  return Math.min(1, Math.exp(-b * Math.log1p(c)) * sum);
}

/** Sum of `values` over bins from..to (clipped to 1..bins) and how many bins that is. */
function sumBins(values: Float64Array, from: number, to: number): { sum: number; bins: number } {
  let sum = 0;
  let bins = 0;
  for (let j = Math.max(1, from); j <= Math.min(values.length - 1, to); j++) {
    sum += values[j] ?? 0;
    bins++;
  }
  return { sum, bins };
}

/** Bins (possibly fractional) of the lines a coding pattern of `period` frames puts in the steps. */
function codingLineBins(period: number | undefined, fps: number, binHz: number): number[] {
  if (period === undefined || period < 2) return [];
  return Array.from({ length: Math.floor(period / 2) }, (_, j) => (fps * (j + 1)) / period / binHz);
}

/** Tests a drift-corrected head track for flagellar activity (see the module comment). */
export function testFlagellarActivity(
  points: readonly FramePoint[],
  options: FlagellarActivityOptions,
): FlagellarActivity {
  const none: FlagellarActivity = { active: false, pValue: 1, evidence: 'none', frequencyHz: 0 };
  const { fps } = options;
  const { dx, dy } = regularSteps(points);
  centreAndClip(dx, dy);
  const n = dx.length;
  const segments = Math.max(1, Math.ceil(n / Math.max(1, Math.round(SEGMENT_S * fps))));
  const length = Math.floor(n / segments);
  if (length < 4) return none;
  const { power, anticlockwise, clockwise } = segmentSpectra(dx, dy, segments, length);
  const bins = power.length - 1;
  const binHz = fps / length;
  const halfWidth = Math.max(1, Math.round(BACKGROUND_HALF_WIDTH_HZ / binHz));
  const lowestBeatHz = 1 / options.maxPeriodS;
  // Degrees of freedom per bin and segment of the x and y power over two: 1 to 2.
  const axes = isotropy(dx, dy);

  // Beat: a line above both flanks, away from the encoder's lines.
  const codingBins = codingLineBins(options.codingPeriodFrames, fps, binHz);
  let beatP = 1;
  let beatBin = 0;
  let beatWindows = 0;
  for (let k = Math.max(1, Math.ceil(lowestBeatHz / binHz)); k <= bins; k++) {
    if (codingBins.some((bin) => Math.abs(k - bin) < 2)) continue;
    const line = sumBins(power, k - 1, k + 1);
    const lineDof = Math.max(1, Math.floor(axes * segments * line.bins));
    let p = 0;
    let flanks = 0;
    for (const flank of [
      sumBins(power, k - halfWidth, k - 2),
      sumBins(power, k + 2, k + halfWidth),
    ]) {
      if (flank.bins < MIN_FLANK_BINS || flank.sum <= 0) continue;
      flanks++;
      p = Math.max(p, gammaRatioTail(line.sum / flank.sum, lineDof, axes * segments * flank.bins));
    }
    if (flanks === 0) continue;
    beatWindows++;
    if (p < beatP) {
      beatP = p;
      beatBin = k;
    }
  }

  // Rotation: anticlockwise against clockwise power (or the reverse), slower than any beat.
  let rotationP = 1;
  let rotationBin = 0;
  let rotationWindows = 0;
  for (let k = 2; k + 1 <= bins && k * binHz < lowestBeatHz; k++) {
    const plus = sumBins(anticlockwise, k - 1, k + 1).sum;
    const minus = sumBins(clockwise, k - 1, k + 1).sum;
    if (plus <= 0 || minus <= 0) continue;
    rotationWindows++;
    const dof = 3 * segments;
    const p = Math.min(
      1,
      2 * Math.min(gammaRatioTail(plus / minus, dof, dof), gammaRatioTail(minus / plus, dof, dof)),
    );
    if (p < rotationP) {
      rotationP = p;
      rotationBin = k;
    }
  }

  const families = (beatWindows > 0 ? 1 : 0) + (rotationWindows > 0 ? 1 : 0);
  if (families === 0) return none;
  const beat = beatWindows > 0 ? Math.min(1, beatP * beatWindows) : 1;
  const rotation = rotationWindows > 0 ? Math.min(1, rotationP * rotationWindows) : 1;
  const isBeat = beat <= rotation;
  const pValue = Math.min(1, families * Math.min(beat, rotation));
  return {
    active: pValue < options.significance,
    pValue,
    evidence: isBeat ? 'beat' : 'rotation',
    frequencyHz: (isBeat ? beatBin : rotationBin) * binHz,
  };
}
