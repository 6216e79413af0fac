/**
 * Deterministic augmentation of grey frames and their boxes (flips, 90° turns, a dark field stop,
 * photometric).
 */
import type { Random } from '../random.js';
import { normal } from '../random.js';
import type { DetectionSample, GreyImage, PixelBox } from '../types.js';

/** How strongly to augment; every field 0 or false turns that change off. */
export interface AugmentOptions {
  readonly flips: boolean;
  /** Turns by 90° (square frames only, so a batch keeps one shape). */
  readonly rotations: boolean;
  /** Grey levels added, drawn from ±brightness. */
  readonly brightness: number;
  /** Contrast factor drawn from 1 ± contrast. */
  readonly contrast: number;
  /** Chance of a 3x3 box blur. */
  readonly blurChance: number;
  /** Largest Gaussian noise sigma, grey levels. */
  readonly noiseSigma: number;
  /**
   * Chance of darkening the frame beyond the rim of a large disc, as a microscope's field stop
   * darkens the corners of a recording (heads there are dropped). It changes the frame's mean and
   * spread, which standardisation divides by, as a real field stop does. Absent: never.
   */
  readonly fieldStopChance?: number;
  /**
   * Spread of the standardised frame: its values are multiplied by a factor drawn from
   * [1 / (1 + s), 1 + s] and shifted by up to ±s/2, as a field stop or a denser field changes
   * the mean and deviation a frame is standardised by. Absent: 0.
   */
  readonly standardisedJitter?: number;
  /**
   * Largest fall of the light across the frame: every pixel is multiplied by a gain falling
   * linearly by a share drawn from [0, this] in a random direction (1 on average), as uneven
   * condenser light dims one side of a recording, heads and background alike. Absent: 0.
   */
  readonly illuminationGradient?: number;
}

/** Options that leave a sample as it is (each extra off by its absence). */
export const NO_AUGMENT: AugmentOptions = {
  flips: false,
  rotations: false,
  brightness: 0,
  contrast: 0,
  blurChance: 0,
  noiseSigma: 0,
};

export const DEFAULT_AUGMENT: AugmentOptions = {
  flips: true,
  rotations: true,
  brightness: 20,
  contrast: 0.3,
  blurChance: 0.3,
  noiseSigma: 5,
  illuminationGradient: 0.4,
};

type Mapping = (x: number, y: number) => [number, number];

/** Applies one random geometric and photometric change; grey values stay floats 0..255. */
export function augmentSample(
  sample: DetectionSample,
  options: AugmentOptions,
  random: Random,
): {
  image: Float32Array;
  width: number;
  height: number;
  boxes: PixelBox[];
  gain?: number;
  shift?: number;
} {
  const { width: w, height: h, data } = sample.frame;
  const flipX = options.flips && random() < 0.5;
  const flipY = options.flips && random() < 0.5;
  const turn = options.rotations && w === h && random() < 0.5; // transpose = 90° with a flip
  const outW = turn ? h : w;
  const outH = turn ? w : h;
  // Continuous coordinates: pixel i spans [i, i+1), so a flip maps x to w - x.
  const map: Mapping = (x, y) => {
    let u = flipX ? w - x : x;
    let v = flipY ? h - y : y;
    if (turn) [u, v] = [v, u];
    return [u, v];
  };
  const image = new Float32Array(outW * outH);
  for (let y = 0; y < h; y += 1) {
    for (let x = 0; x < w; x += 1) {
      const [u, v] = map(x + 0.5, y + 0.5);
      image[Math.floor(v) * outW + Math.floor(u)] = data[y * w + x] ?? 0;
    }
  }
  const boxes: PixelBox[] = sample.boxes.map((b) => {
    const [ua, va] = map(b.x1, b.y1);
    const [ub, vb] = map(b.x2, b.y2);
    return {
      x1: Math.min(ua, ub),
      y1: Math.min(va, vb),
      x2: Math.max(ua, ub),
      y2: Math.max(va, vb),
    };
  });
  const kept =
    (options.fieldStopChance ?? 0) > 0 && random() < (options.fieldStopChance ?? 0)
      ? fieldStop(image, outW, outH, boxes, random)
      : boxes;
  const gradient = options.illuminationGradient ?? 0;
  if (gradient > 0) unevenLight(image, outW, outH, gradient * random(), random() * 2 * Math.PI);
  photometric(image, outW, outH, options, random);
  const jitter = options.standardisedJitter ?? 0;
  if (jitter <= 0) return { image, width: outW, height: outH, boxes: kept };
  const gain = (1 + jitter) ** (random() * 2 - 1);
  const shift = (random() - 0.5) * jitter;
  return { image, width: outW, height: outH, boxes: kept, gain, shift };
}

/** Pixels over which a field stop's rim fades from the field to dark. */
const FIELD_STOP_RIM_PX = 4;

/**
 * Darkens the frame outside a disc whose rim crosses it (a random side, reaching 0 to 40 % of the
 * frame's smaller side in from the centre's far edge) to a dark grey; answers the boxes whose
 * centre stays inside.
 */
function fieldStop(
  image: Float32Array,
  w: number,
  h: number,
  boxes: PixelBox[],
  random: Random,
): PixelBox[] {
  const angle = random() * 2 * Math.PI;
  const dx = Math.cos(angle);
  const dy = Math.sin(angle);
  const radius = (1 + 2 * random()) * Math.max(w, h);
  // The rim crosses the line from the centre towards (dx, dy) this far from the centre.
  const rim = (0.1 + 0.4 * random()) * Math.min(w, h);
  const cx = w / 2 - dx * (radius - rim);
  const cy = h / 2 - dy * (radius - rim);
  let mean = 0;
  for (const v of image) mean += v;
  const dark = (random() * 0.3 * mean) / (image.length || 1);
  const darkness = (x: number, y: number): number =>
    Math.min(1, Math.max(0, (Math.hypot(x - cx, y - cy) - radius) / FIELD_STOP_RIM_PX + 0.5));
  for (let y = 0; y < h; y += 1) {
    for (let x = 0; x < w; x += 1) {
      const t = darkness(x + 0.5, y + 0.5);
      if (t > 0) image[y * w + x] = (image[y * w + x] ?? 0) * (1 - t) + dark * t;
    }
  }
  return boxes.filter((b) => darkness((b.x1 + b.x2) / 2, (b.y1 + b.y2) / 2) < 0.5);
}

/**
 * Multiplies the frame by a gain of 1 at its centre falling linearly by `fall` from one corner
 * to the opposite one along `angle` (as the simulator's uneven illumination does).
 */
export function unevenLight(
  image: Float32Array,
  w: number,
  h: number,
  fall: number,
  angle: number,
): void {
  const ux = Math.cos(angle);
  const uy = Math.sin(angle);
  const reach = Math.abs(ux) * (w - 1) + Math.abs(uy) * (h - 1) || 1;
  for (let y = 0; y < h; y += 1) {
    for (let x = 0; x < w; x += 1) {
      const along = (ux * (x - (w - 1) / 2) + uy * (y - (h - 1) / 2)) / reach;
      image[y * w + x] = (image[y * w + x] ?? 0) * (1 - fall * along);
    }
  }
}

function photometric(
  image: Float32Array,
  w: number,
  h: number,
  options: AugmentOptions,
  random: Random,
): void {
  if (options.blurChance > 0 && random() < options.blurChance) boxBlur3(image, w, h);
  let mean = 0;
  for (const v of image) mean += v;
  mean /= image.length || 1;
  const gain = 1 + (random() * 2 - 1) * options.contrast;
  const shift = (random() * 2 - 1) * options.brightness;
  const sigma = random() * options.noiseSigma;
  for (let i = 0; i < image.length; i += 1) {
    const v = ((image[i] ?? 0) - mean) * gain + mean + shift;
    image[i] = Math.min(255, Math.max(0, v + (sigma > 0 ? sigma * normal(random) : 0)));
  }
}

function boxBlur3(image: Float32Array, w: number, h: number): void {
  const src = image.slice();
  for (let y = 0; y < h; y += 1) {
    for (let x = 0; x < w; x += 1) {
      let sum = 0;
      let n = 0;
      for (let dy = -1; dy <= 1; dy += 1) {
        const yy = y + dy;
        if (yy < 0 || yy >= h) continue;
        for (let dx = -1; dx <= 1; dx += 1) {
          const xx = x + dx;
          if (xx < 0 || xx >= w) continue;
          sum += src[yy * w + xx] ?? 0;
          n += 1;
        }
      }
      image[y * w + x] = sum / n;
    }
  }
}

/** The frame as floats without any change (validation and inference). */
export function asFloat(frame: GreyImage): Float32Array {
  return Float32Array.from(frame.data);
}
