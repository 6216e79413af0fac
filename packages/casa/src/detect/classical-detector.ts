import type { CasaSettings } from '../settings.js';
import type { GrayFrame } from '../types.js';
import { computeMorphometry, ellipseAxesPx } from '../morphometry/morphometry.js';
import { BackgroundSubtractor } from './background.js';
import type { BlobStats } from './blob-stats.js';
import { blobCentroid, mergeCloseBlobs } from './blob-stats.js';
import { DarkHeadOpening } from './dark-head-map.js';
import { darkHeadWindows } from './dark-head-windows.js';
import { flagellaSurviveOpening, headsOfLongDarkBlob } from './dark-blob-heads.js';
import { RoundParticleMemory } from './round-particle-memory.js';
import { BlobLabeller } from './label.js';
import { estimateNoiseSigma } from './noise.js';
import { MIN_COUNTING_HEAD_PX, lowThresholdScale, windowSignificant } from './head-window.js';
import { judgeRoundCell, roundCellFragments } from './round-cell.js';
import { splitByPositions, splitTouchingHeads } from './split.js';
import type { Detection, DetectionClass, DetectionMask, Detector } from './types.js';

/**
 * Frames between two estimates of the noise level (it is steady within a recording): the same
 * thresholds on the real recording every 8 or every 32 frames, and a twelfth less detector time.
 */
const NOISE_REESTIMATE_FRAMES = 32;
/**
 * The first frames each give an estimate too, and the noise level is the median of the last
 * {@link NOISE_ESTIMATES}: the first frame of an H.264 file is coded apart (an I-frame) and its
 * noise is not the other frames' (4.45 against 5.93 grey levels on a generated 1.5 µm/px field at
 * crf 18), and one estimate on it set the thresholds of the next 31 frames (35 heads counted 41-66).
 */
const NOISE_SETTLE_FRAMES = 3;
const NOISE_ESTIMATES = 3;
/** The noise level is estimated on every 3rd pixel of every 3rd row: plenty for a median. */
const NOISE_SAMPLE_STEP = 3;
/** Large blobs rounder than this are round cells, not clusters of heads. */
const ROUND_CELL_MAX_ELLIPTICITY = 1.25;
/** Blobs this many times the typical head area may hold several heads and are split if possible. */
const SPLIT_AREA_FACTOR = 1.4;
/**
 * Each part of a split must be at least this share of a typical head. Real heads under phase
 * contrast show bright spots and dark lines inside; cutting off such a spot would leave a part much
 * smaller than a head, so those splits are refused.
 */
const MIN_PART_AREA_FACTOR = 0.7;
/**
 * Unsplittable blobs this many times the typical head area count as clusters. Smaller merged pairs
 * count as one here (real heads vary in apparent size by a factor of two); the tracker still tells
 * them apart by the head areas of the tracks inside them.
 */
const CLUSTER_AREA_FACTOR = 2;
/**
 * Blobs smaller than this share of the typical head are debris or pinheads, whatever the setting
 * for the smallest head: under phase contrast small round particles show a bright dot in a dark
 * ring, and on real video they are a third the size of a head with its glow.
 */
const MIN_HEAD_SHARE = 0.35;
/**
 * Where heads are dark and pixels coarse (0.8 µm/px on), the box mean rounds a head's outline of a
 * few pixels as it rounds a speck's, and the roundness memory lets dark specks of debris through;
 * they are smaller than heads: those left were 6-12 µm² as blobs, the heads 14-22 µm² (0.8 µm/px,
 * tuning seeds), so dark blobs under half the typical head are not heads there.
 */
const DARK_COARSE_MIN_HEAD_SHARE = 0.5;
/**
 * Heads lying on one another in a dense field make one blob with a single bright body, which the
 * bright-core split cannot cut. Such a blob is taken for several heads when its area is well above
 * the recording's typical head (a ratio to the head learnt from the recording, so it means the same
 * at every calibration) and it carries more signal than one head (MULTI_HEAD_MIN_MASS_FACTOR).
 * Lower limits (1.05 heads' area with 1.5 heads' signal or 1.25 heads' length) caught a few more
 * merged pairs on generated dense fields but cut single heads with their glow in two on the real
 * recording (32.1 instead of 30.9 cells a frame), so they were left out.
 */
const MULTI_HEAD_AREA_FACTOR = 1.3;
/**
 * Whatever its size, a blob carrying little more signal than one head is one head: a defocused head
 * is larger and fainter, and a head touching a faint particle or the bright rim of a dark one is
 * larger but hardly brighter.
 */
const MULTI_HEAD_MIN_MASS_FACTOR = 1.1;
/**
 * The limits above suit recordings whose single heads vary little in apparent size and brightness:
 * the 90th centile of head-sized blobs is at most this share above their median (1.07 to 1.13 in
 * area and 1.13 to 1.18 in signal on the simulator's videos). Where heads vary more (the real
 * phase-contrast recording: 1.46 and 1.48, from their glow and focus), the area and signal limits
 * grow in proportion, so large single heads stay whole.
 */
const REFERENCE_AREA_SPREAD = 1.15;
/**
 * Beyond this many times the reference spread (the real phase-contrast recording: 1.27 in area,
 * 1.23 in signal; the simulator's videos at most 1.03), heads are not counted by area at all: on the
 * real recording even widened limits cut single heads with their glow, or with a particle beside
 * them, in two (29.7 -> 30.9 cells a frame, non-progressive cells turned into immotile halves).
 */
const MAX_SPREAD_SCALE_FOR_COUNTING = 1.1;
const REFERENCE_MASS_SPREAD = 1.2;
/** The centile of head-sized blobs whose ratio to the median measures the spread of heads. */
const SPREAD_QUANTILE = 0.9;
/**
 * Parts of a split blob whose centres lie closer than this, µm (about a head's width), are heads
 * lying on one another: see `judgeBlobs`.
 */
const OVERLAPPING_HEADS_UM = 2.5;
/** Blobs judged to hold more heads than this stay one `cluster` detection with a count. */
const MAX_SPLIT_HEADS = 8;
/** Weight of a new frame's median head area in the running estimate. */
const TYPICAL_AREA_UPDATE = 0.2;
/** Fewest single heads in a frame for its median area to update the running estimate. */
const TYPICAL_AREA_MIN_HEADS = 5;
/**
 * The head contrast of a recording: this quantile of the peak signal of its head-sized blobs (the
 * in-focus heads; a high quantile, so dim heads and texture let in by lower thresholds cannot pull
 * the thresholds further down).
 */
const HEAD_PEAK_QUANTILE = 0.75;
/**
 * The grey-level floors of the thresholds never exceed these shares of the recording's head
 * contrast. A head a few micrometres out of the focal plane shows about half the contrast of one in
 * focus (and less where the light is weaker): its peak must pass the high threshold and enough of
 * its area the low one. On a recording whose heads are bright against the floors (the real phase-
 * contrast recording: about 140 grey levels) the floors stay as they are.
 */
const HIGH_FLOOR_HEAD_SHARE = 0.35;
const LOW_FLOOR_HEAD_SHARE = 0.18;

/**
 * Threshold factors on the noise sigma for dark heads, on the opened signal (see DarkHeadOpening):
 * a pixel of it reaches a level only where a whole square of pixels does, so single pixels of noise
 * do not, and the thresholds can lie lower than the settings' ones for single pixels.
 */
const DARK_LOW_SIGMA = 1;
const DARK_HIGH_SIGMA = 3.5;

/** Dark blobs rounder than this are debris, not heads (see isRoundDarkParticle). */
const DARK_HEAD_MIN_ELLIPTICITY = 1.2;
/** Fewest pixels of a typical head for its outline to be judged round or oval. */
const ROUND_PARTICLE_MIN_HEAD_PX = 12;
/** How far a round particle's place may move between two views of it, µm (see RoundParticleMemory). */
const ROUND_PARTICLE_MOVE_UM = 1;

/** Extra output of the classical detector, off by default (the analysis engine needs none). */
export interface ClassicalDetectorOptions {
  /** Attach each detection's blob pixels (`Detection.mask`), e.g. to store segmentation masks. */
  readonly masks?: boolean;
  /**
   * Keep the settings' grey-level floors instead of lowering them to a share of the recording's
   * head contrast (used to compare the two polarities under the same thresholds).
   */
  readonly fixedFloors?: boolean;
}

/**
 * Classical head detector for phase-contrast (bright heads) or bright-field (dark heads) video:
 * subtract a local box-mean background, threshold at a multiple of the robust noise level with
 * hysteresis (grow at the low threshold, keep blobs whose peak reaches the high one), label 8-connected
 * blobs, split touching heads at their bright cores and judge each blob by its area in µm² against
 * the settings and against the typical head area of the recording (learnt as frames go by, since
 * the apparent size of a head depends on optics and focus). Buffers are reused across frames.
 */
export class ClassicalDetector implements Detector {
  private readonly background = new BackgroundSubtractor();
  private readonly opening = new DarkHeadOpening();
  private roundParticles = new RoundParticleMemory();
  private readonly labeller = new BlobLabeller();
  private readonly histogram = new Uint32Array(1024);
  private sigma = 1;
  /** The last {@link NOISE_ESTIMATES} estimates of the noise level, oldest first. */
  private noiseEstimates: number[] = [];
  /** Whether `sigma` was measured on this recording (it is from the first frame on). */
  private noiseKnown = false;
  private framesSinceNoise = 0;
  /** Running typical area of one head, pixels; null until a frame with enough heads was seen. */
  private typicalAreaPx: number | null = null;
  /** Running typical signal summed over one head (grey levels x pixels); null until learnt. */
  private typicalMass: number | null = null;
  /** Running ratio of the SPREAD_QUANTILE to the median of head-sized blobs' area, and signal. */
  private areaSpread: number | null = null;
  private massSpread: number | null = null;
  /** Running head contrast (see HEAD_PEAK_QUANTILE), grey levels; null until learnt. */
  private headPeak: number | null = null;

  private readonly masks: boolean;
  private readonly fixedFloors: boolean;

  constructor(
    private settings: CasaSettings,
    options: ClassicalDetectorOptions = {},
  ) {
    this.masks = options.masks === true;
    this.fixedFloors = options.fixedFloors === true;
  }

  /** Detects heads in one frame; `settings` defaults to those given to the constructor. */
  detect(frame: GrayFrame, settings: CasaSettings = this.settings): Detection[] {
    if (settings !== this.settings) this.restart(settings);
    const s = this.settings;
    const darkHeads = this.opensDarkHeads();
    const { lowFloor, highFloor } = this.floors();
    const floor = Math.min(lowFloor, highFloor);
    // Heads fewer than 3 pixels wide grow at a lower threshold (see lowThresholdScale).
    const lowSigma =
      lowThresholdScale(s.umPerPixel) * (darkHeads ? DARK_LOW_SIGMA : s.lowThresholdSigma);
    const candidateFloor = this.candidateFloor(floor, lowSigma);
    const subtracted = this.background.subtract(
      frame.data,
      frame.width,
      frame.height,
      s.backgroundWindowUm / s.umPerPixel,
      s.polarity,
      candidateFloor,
      frame.levels,
      floor,
    );
    const sinceStart = this.framesSinceNoise++;
    if (sinceStart < NOISE_SETTLE_FRAMES || sinceStart % NOISE_REESTIMATE_FRAMES === 0) {
      // Away from the candidates: heads, their halos and tails would widen the distribution.
      subtracted.sampleHistogram(this.histogram, NOISE_SAMPLE_STEP, true);
      this.sigma = this.followNoise(estimateNoiseSigma(this.histogram));
      this.noiseKnown = true;
    }
    const low = Math.max(lowFloor, lowSigma * this.sigma);
    const contrastFloor = Math.max(low, highFloor);
    const high = Math.max(
      contrastFloor,
      (darkHeads ? DARK_HIGH_SIGMA : s.highThresholdSigma) * this.sigma,
    );
    // A blob whose peak pixel is not significant on its own is kept when the signal over a window
    // of a head's size around it is (see windowSignificant): the noise of a sum over n pixels is
    // sigma x √n, while a head keeps most of its contrast. Its peak must still reach the contrast
    // floor.
    const windowHigh = s.highThresholdSigma * this.sigma;
    const { width, height } = frame;
    const { umPerPixel } = s;
    const keep =
      high > contrastFloor
        ? (peak: number, pixel: number) =>
            peak >= high ||
            (peak >= contrastFloor &&
              windowSignificant(subtracted, pixel, width, height, umPerPixel, windowHigh))
        : undefined;
    // Dark heads are found on the opened signal, where their flagella are gone (DarkHeadOpening).
    if (darkHeads) this.roundParticles.nextFrame();
    const map = darkHeads
      ? this.opening.open(subtracted, width, height, darkHeadWindows(umPerPixel), candidateFloor)
      : subtracted;
    const found = this.labeller
      .label(map, width, height, low, high, keep, contrastFloor)
      .filter((b) => !isRing(b, subtracted.signalAt, width, height, low));
    const merged = mergeCloseBlobs(found, s.mergeDistanceUm / s.umPerPixel);
    const blobs =
      darkHeads && flagellaSurviveOpening(umPerPixel)
        ? this.cutFlagella(merged, map.signal, width, low)
        : merged;
    return this.judgeBlobs(blobs, map.signal, frame.width, low, high, frame.height);
  }

  /**
   * Where the opening leaves flagella on (coarse scales), the heads of each blob much longer than a
   * head, without their flagella (see headsOfLongDarkBlob).
   */
  private cutFlagella(
    blobs: readonly BlobStats[],
    signal: Int16Array,
    width: number,
    low: number,
  ): BlobStats[] {
    const ctx = {
      signal,
      width,
      map: this.labeller.map,
      low,
      umPerPixel: this.settings.umPerPixel,
      recordPixels: this.masks,
    };
    return blobs.flatMap((blob) => headsOfLongDarkBlob(blob, ctx));
  }

  /** Whether dark heads are found on the opened signal (not when comparing polarities). */
  private opensDarkHeads(): boolean {
    return this.settings.polarity === 'dark' && !this.fixedFloors;
  }

  /**
   * The lowest signal the labelling can use: the grey floor, or the growing threshold once the
   * noise is known (no pixel under it joins a blob). Where the floors follow a faint head contrast
   * (coarser than 1 µm/px they are 1.5 noise sigmas) the floor alone made most 4 x 4 blocks
   * candidates (81 % at 1.5 µm/px), and the candidate passes cost the whole frame.
   */
  private candidateFloor(floor: number, lowSigma: number): number {
    return this.noiseKnown ? Math.max(floor, Math.floor(lowSigma * this.sigma)) : floor;
  }

  /** The noise level: the median of the last estimates with this one (the larger of two). */
  private followNoise(estimate: number): number {
    this.noiseEstimates = [...this.noiseEstimates, estimate].slice(-NOISE_ESTIMATES);
    const sorted = [...this.noiseEstimates].sort((a, b) => a - b);
    return sorted[sorted.length >> 1]!;
  }

  private restart(settings: CasaSettings): void {
    this.settings = settings;
    this.framesSinceNoise = 0;
    this.noiseEstimates = [];
    this.noiseKnown = false;
    this.typicalAreaPx = null;
    this.typicalMass = null;
    this.areaSpread = null;
    this.massSpread = null;
    this.headPeak = null;
    this.roundParticles = new RoundParticleMemory();
  }

  /**
   * The grey-level floors of the two thresholds: the settings' floors, lowered to a share of the
   * recording's head contrast once it is known (whole grey levels, so the candidate pass keeps its
   * thresholds from frame to frame).
   */
  private floors(): { lowFloor: number; highFloor: number } {
    const s = this.settings;
    // Under bright-field the flagellum is dark like the head: a low threshold under the settings'
    // floor would join tails to heads on the plain signal, so the floors follow the head contrast
    // under phase contrast (bright heads, dark tails) and on the opened signal of dark heads, where
    // the flagella are gone (DarkHeadOpening).
    const adaptive = !this.fixedFloors && (s.polarity === 'bright' || this.opensDarkHeads());
    // On the opened signal of dark heads the floors start from the noise alone until the heads'
    // contrast is known (dim heads would otherwise never be seen to learn it).
    const unknown = this.opensDarkHeads() ? 0 : Infinity;
    const peak = adaptive ? (this.headPeak ?? unknown) : Infinity;
    return {
      lowFloor: Math.min(s.lowThresholdMinGrey, Math.floor(LOW_FLOOR_HEAD_SHARE * peak)),
      highFloor: Math.min(s.highThresholdMinGrey, Math.floor(HIGH_FLOOR_HEAD_SHARE * peak)),
    };
  }

  private judgeBlobs(
    blobs: BlobStats[],
    signal: Int16Array,
    width: number,
    low: number,
    high: number,
    height: number,
  ): Detection[] {
    const s = this.settings;
    const pxPerUm2 = 1 / s.umPerPixel ** 2;
    this.learnTypicalArea(blobs, low);
    const typical = this.typicalAreaPx ?? Math.sqrt(s.minHeadAreaUm2 * s.maxHeadAreaUm2) * pxPerUm2;
    const detections: Detection[] = [];
    const maxCluster = s.maxClusterAreaUm2 * pxPerUm2;
    // Round cells (leukocytes, germ cells) are reported apart and count as no spermatozoon. Where
    // heads are dark they are paler than the thresholds, which cut them into pieces: there
    // DarkRoundCellFinder finds them (createHeadDetector applies it), and large blobs stay dropped
    // here (see isRoundCell).
    const roundCells = s.polarity === 'bright';
    const fragments = roundCells ? roundCellFragments(blobs, width, height, s.umPerPixel) : null;
    for (const cell of fragments?.cells ?? []) {
      if (cell.judged === 'round_cell')
        this.emit(detections, cell.blob, 'round_cell', 0, high, width);
    }
    for (const blob of blobs) {
      if (fragments?.used.has(blob) === true) continue;
      const round = roundCells ? judgeRoundCell(blob, width, height, s.umPerPixel) : null;
      if (round === 'round_cell') this.emit(detections, blob, 'round_cell', 0, high, width);
      if (round !== null) continue;
      if (blob.area > maxCluster || this.isRoundCell(blob)) continue;
      const heads = this.headsIn(blob, typical, low);
      const cores =
        blob.area >= SPLIT_AREA_FACTOR * typical
          ? this.split(blob, signal, width, low, typical)
          : null;
      const pieces =
        cores === null && heads >= 2
          ? this.splitByPositions(blob, signal, width, low, heads)
          : null;
      if (cores !== null || pieces !== null) {
        // Pieces whose centres lie closer than a head's width are heads lying on one another: their
        // positions are rough, so they are marked as parts of a cluster (each one cell), which
        // trackers coast through rather than follow.
        const overlapping =
          pieces !== null && closestCentres(pieces) < OVERLAPPING_HEADS_UM / s.umPerPixel;
        for (const part of cores ?? pieces ?? []) {
          const kind = this.classify(part, typical, true);
          if (kind === 'sperm' && overlapping)
            this.emit(detections, part, 'cluster', 1, high, width);
          else if (kind !== null)
            this.emit(detections, part, kind, countOf(kind, part, typical), high, width);
        }
        continue;
      }
      const judged = this.classify(blob, typical, false);
      // Several heads that could not be cut apart: one cluster of that many cells.
      const kind = heads >= 2 && judged === 'sperm' ? 'cluster' : judged;
      if (kind === null) continue;
      const count =
        kind === 'cluster'
          ? Math.max(heads, clusterCount(blob, typical))
          : countOf(kind, blob, typical);
      this.emit(detections, blob, kind, count, high, width);
    }
    return detections;
  }

  private emit(
    detections: Detection[],
    blob: BlobStats,
    kind: DetectionClass,
    count: number,
    high: number,
    width: number,
  ): void {
    const detection = this.toDetection(blob, kind, count, high);
    detections.push(this.masks ? { ...detection, mask: this.maskOf(blob, width) } : detection);
  }

  /** Larger than any head and round: a round cell, or the bright rim of a dark particle. */
  private isRoundCell(blob: BlobStats): boolean {
    if (blob.area * this.settings.umPerPixel ** 2 <= this.settings.maxHeadAreaUm2) return false;
    const axes = ellipseAxesPx(blob);
    return axes.length / axes.width < ROUND_CELL_MAX_ELLIPTICITY;
  }

  /** Splits touching heads at their bright cores when every part is the size of a head. */
  private split(
    blob: BlobStats,
    signal: Int16Array,
    width: number,
    low: number,
    typical: number,
  ): BlobStats[] | null {
    const parts = splitTouchingHeads(blob, {
      signal,
      width,
      map: this.labeller.map,
      low,
      minCoreAreaPx: Math.max(2, 0.1 * typical),
      minSeparationPx: Math.max(2, 0.5 * Math.sqrt(typical)),
      recordPixels: this.masks,
    });
    return parts && parts.every((p) => p.area >= MIN_PART_AREA_FACTOR * typical) ? parts : null;
  }

  /**
   * How many heads a blob of phase-contrast video holds: 1, or (see MULTI_HEAD_AREA_FACTOR) the
   * number of typical head areas in it, at least 2.
   */
  private headsIn(blob: BlobStats, typicalPx: number, low: number): number {
    // Under bright-field the flagellum is dark like the head and lengthens its blob: only the
    // bright cores tell heads apart there (see `split`).
    if (this.settings.polarity !== 'bright') return 1;
    // Limits widened where this recording's single heads vary more (see REFERENCE_AREA_SPREAD).
    const areaScale = Math.max(1, (this.areaSpread ?? 0) / REFERENCE_AREA_SPREAD);
    const massScale = Math.max(1, (this.massSpread ?? 0) / REFERENCE_MASS_SPREAD);
    // Where single heads vary this much, area and signal cannot tell two heads lying on one
    // another from one large glowing head: only the bright cores part them (see `split`).
    if (Math.max(areaScale, massScale) > MAX_SPREAD_SCALE_FOR_COUNTING) return 1;
    // Heads of a few pixels vary by a ring of pixels as large as themselves (MIN_COUNTING_HEAD_PX).
    if (typicalPx < MIN_COUNTING_HEAD_PX) return 1;
    const area = blob.area / typicalPx / areaScale;
    if (area < MULTI_HEAD_AREA_FACTOR || this.typicalMass === null) return 1;
    const mass = signalSum(blob, low) / this.typicalMass / massScale;
    if (mass < MULTI_HEAD_MIN_MASS_FACTOR) return 1;
    return Math.max(2, Math.round(blob.area / typicalPx));
  }

  /** Splits a blob of `heads` heads without separate cores by its pixel positions. */
  private splitByPositions(
    blob: BlobStats,
    signal: Int16Array,
    width: number,
    low: number,
    heads: number,
  ): BlobStats[] | null {
    if (heads < 2 || heads > MAX_SPLIT_HEADS) return null;
    return splitByPositions(
      blob,
      {
        signal,
        width,
        map: this.labeller.map,
        low,
        minCoreAreaPx: 0,
        minSeparationPx: 0,
        recordPixels: this.masks,
      },
      heads,
    );
  }

  private classify(blob: BlobStats, typicalPx: number, wasSplit: boolean): DetectionClass | null {
    const s = this.settings;
    const areaUm2 = blob.area * s.umPerPixel ** 2;
    if (areaUm2 < s.minHeadAreaUm2) return wasSplit ? 'sperm' : 'small_or_pinhead';
    const minShare =
      this.opensDarkHeads() && flagellaSurviveOpening(s.umPerPixel)
        ? DARK_COARSE_MIN_HEAD_SHARE
        : MIN_HEAD_SHARE;
    if (!wasSplit && blob.area < minShare * typicalPx) return 'small_or_pinhead';
    if (!wasSplit && this.isRoundDarkParticle(blob, typicalPx)) return 'small_or_pinhead';
    const oversized = areaUm2 > s.maxHeadAreaUm2 || blob.area >= CLUSTER_AREA_FACTOR * typicalPx;
    if (!oversized) return 'sperm';
    // Touching heads make an elongated or irregular blob; a large round one is a round cell.
    const axes = ellipseAxesPx(blob);
    return axes.length / axes.width < ROUND_CELL_MAX_ELLIPTICITY ? null : 'cluster';
  }

  /**
   * A round dark particle of a head's size: where heads are dark, debris is dark too, and a round
   * speck 2.5 to 3 µm across has the area and contrast of a head out of focus; a head is oval
   * (about 1.5 times as long as wide). Judged only where heads span enough pixels for their outline
   * to be measured. On the tuning seeds at 0.5 µm/px (bright field) it took the false detections
   * from 377 to 71 and the true ones from 1545 to 1467 (heads measured round through noise).
   */
  private isRoundDarkParticle(blob: BlobStats, typicalPx: number): boolean {
    if (!this.opensDarkHeads() || typicalPx < ROUND_PARTICLE_MIN_HEAD_PX) return false;
    const axes = ellipseAxesPx(blob);
    const round = axes.length < DARK_HEAD_MIN_ELLIPTICITY * axes.width;
    return this.roundParticles.isRoundParticle(
      blob,
      round,
      ROUND_PARTICLE_MOVE_UM / this.settings.umPerPixel,
    );
  }

  /**
   * Follows the median area of the head-sized blobs of each frame (before the frame is judged, so
   * the first frame already uses its own heads): clusters are judged against this recording.
   */
  private learnTypicalArea(blobs: readonly BlobStats[], low: number): void {
    const s = this.settings;
    const um2 = s.umPerPixel ** 2;
    const heads = blobs.filter(
      (b) => b.area * um2 >= s.minHeadAreaUm2 && b.area * um2 <= s.maxHeadAreaUm2,
    );
    if (heads.length < TYPICAL_AREA_MIN_HEADS) return;
    // Typed arrays sort numerically, and much faster than arrays with a comparator; filled in a
    // plain loop (`Float64Array.from` with a map function goes through the iterator protocol).
    const areas = new Float64Array(heads.length);
    const peaks = new Float64Array(heads.length);
    const masses = new Float64Array(heads.length);
    heads.forEach((b, i) => {
      areas[i] = b.area;
      peaks[i] = b.peak;
      masses[i] = signalSum(b, low);
    });
    areas.sort();
    peaks.sort();
    masses.sort();
    const middle = Math.floor(heads.length / 2);
    const median = areas[middle] ?? 0;
    this.typicalMass = runningMean(this.typicalMass, masses[middle] ?? 0);
    const high = Math.floor(SPREAD_QUANTILE * (heads.length - 1));
    this.areaSpread = runningMean(this.areaSpread, (areas[high] ?? 0) / Math.max(1, median));
    this.massSpread = runningMean(
      this.massSpread,
      (masses[high] ?? 0) / Math.max(1, masses[middle] ?? 0),
    );
    const peak = peaks[Math.floor(HEAD_PEAK_QUANTILE * (peaks.length - 1))] ?? 0;
    this.typicalAreaPx = runningMean(this.typicalAreaPx, median);
    this.headPeak = runningMean(this.headPeak, peak);
  }

  /** The blob's pixels over its box: its recorded pixels, or those carrying one of its labels. */
  private maskOf(b: BlobStats, width: number): DetectionMask {
    const w = b.maxX - b.minX + 1;
    const h = b.maxY - b.minY + 1;
    const data = new Uint8Array(w * h);
    if (b.pixels !== undefined) {
      for (const p of b.pixels) {
        const x = p % width;
        data[((p - x) / width - b.minY) * w + x - b.minX] = 1;
      }
    } else {
      const labels = this.labeller.map.labels;
      for (let y = 0; y < h; y++) {
        for (let x = 0; x < w; x++) {
          const label = labels[(b.minY + y) * width + b.minX + x] ?? 0;
          if (b.members.includes(label)) data[y * w + x] = 1;
        }
      }
    }
    return { x: b.minX, y: b.minY, width: w, height: h, data };
  }

  private toDetection(
    b: BlobStats,
    className: DetectionClass,
    cellCount: number,
    high: number,
  ): Detection {
    const snr = b.peak / this.sigma;
    const highSigma = high / this.sigma;
    const confidence = Math.min(0.99, Math.max(0.05, 0.5 + (snr - highSigma) / (2 * highSigma)));
    const { x, y } = blobCentroid(b);
    const morphometry = computeMorphometry(b, this.settings.umPerPixel);
    return {
      x,
      y,
      x1: b.minX,
      y1: b.minY,
      x2: b.maxX + 1,
      y2: b.maxY + 1,
      confidence,
      className,
      cellCount,
      angle: ellipseAxesPx(b).angle,
      morphometry,
    };
  }
}

function runningMean(previous: number | null, value: number): number {
  return previous === null
    ? value
    : (1 - TYPICAL_AREA_UPDATE) * previous + TYPICAL_AREA_UPDATE * value;
}

/** Smallest distance between the centroids of two parts, pixels. */
function closestCentres(parts: readonly BlobStats[]): number {
  let closest = Infinity;
  parts.forEach((a, i) => {
    const ca = blobCentroid(a);
    for (const b of parts.slice(i + 1)) {
      const cb = blobCentroid(b);
      closest = Math.min(closest, Math.hypot(ca.x - cb.x, ca.y - cb.y));
    }
  });
  return closest;
}

/** The blob's signal summed over its pixels (its weights are signal - low + 1 per pixel). */
function signalSum(blob: BlobStats, low: number): number {
  return blob.weight + blob.area * (low - 1);
}

function countOf(kind: DetectionClass, blob: BlobStats, typicalPx: number): number {
  return kind === 'sperm' ? 1 : kind === 'cluster' ? clusterCount(blob, typicalPx) : 0;
}

function clusterCount(blob: BlobStats, typicalPx: number): number {
  return Math.max(2, Math.round(blob.area / typicalPx));
}

/** A bright ring around a dark particle: the 3x3 pixels around its centroid lie outside the blob. */
function isRing(
  blob: BlobStats,
  signalAt: (pixel: number) => number,
  width: number,
  height: number,
  low: number,
): boolean {
  const { x, y } = blobCentroid(blob);
  const cx = Math.round(x);
  const cy = Math.round(y);
  for (let yy = Math.max(0, cy - 1); yy <= Math.min(height - 1, cy + 1); yy++) {
    for (let xx = Math.max(0, cx - 1); xx <= Math.min(width - 1, cx + 1); xx++) {
      if (signalAt(yy * width + xx) >= low) return false;
    }
  }
  return true;
}
