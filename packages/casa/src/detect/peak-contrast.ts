/**
 * The peak head finder's smoothed contrast map (see peak-heads.ts), made in buffers kept from frame
 * to frame: the frame binned, its camera noise, minus its local mean, smoothed by three box means,
 * and the map's robust level. The same arithmetic as the straightforward peak-reference.ts, so the
 * same map to the bit; the box means run in WebAssembly where it is available (peak-wasm.ts).
 */
import type { CasaSettings } from '../settings.js';
import type { GrayFrame } from '../types.js';
import { peaksOf, type ContrastMap, type HeadPeak } from './peak-local.js';
import { boxMean, sampleLevel } from './peak-maps.js';
import {
  BACKGROUND_RADIUS_UM,
  LEVEL_SAMPLE_STEP,
  MAD_TO_SIGMA,
  NOISE_SIGMA,
  PEAK_SIGMA,
  SMOOTH_RADIUS_UM,
  mapBin,
  mapPixels,
  smoothingNoiseGain,
} from './peak-params.js';
import { PeakWasm, type PeakMapName, type PeakWasmMaps } from './peak-wasm.js';

/** The maps a frame's contrast is made in, `width` x `height` each. */
type Maps = PeakWasmMaps;

/** Makes frames' contrast maps, reusing its buffers while the map size stays the same. */
export class ContrastMapper {
  private maps: Maps | null = null;
  private readonly wasm: PeakWasm | null;
  private readonly gains = new Map<number, number>();

  /** `wasm: false` keeps the box means in JavaScript (for tests and the speed bench). */
  constructor(options: { readonly wasm?: boolean } = {}) {
    this.wasm = options.wasm === false ? null : PeakWasm.create();
  }

  /** Whether the box means run in WebAssembly. */
  get usesWasm(): boolean {
    return this.wasm !== null;
  }

  private prepare(width: number, height: number): Maps {
    const maps = this.maps;
    if (maps !== null && maps.width === width && maps.height === height) return maps;
    const n = width * height;
    const sampleLength = Math.ceil(n / LEVEL_SAMPLE_STEP);
    const views = this.wasm?.prepare(width, height, sampleLength);
    const map = () => new Float32Array(n);
    this.maps = views ?? {
      width,
      height,
      grey: map(),
      mean: map(),
      a: map(),
      b: map(),
      tmp: map(),
      columns: new Float32Array(width),
      sample: new Float32Array(sampleLength),
    };
    return this.maps;
  }

  /**
   * `to` = the box mean of radius r of `from` (see `boxMean`); with `sample`, the sample holds the
   * values of `to` ('mean') or of `from` - `to` ('difference') at every LEVEL_SAMPLE_STEP-th index.
   */
  private box(
    maps: Maps,
    from: PeakMapName,
    to: PeakMapName,
    r: number,
    sample?: 'mean' | 'difference',
  ): void {
    const { width, height } = maps;
    if (this.wasm !== null) {
      this.wasm.boxMean(from, to, r, { sample });
      return;
    }
    boxMean(maps[from], width, height, r, maps[to], maps.tmp, maps.columns);
    if (sample === undefined) return;
    const [source, mean] = [maps[from], maps[to]];
    for (let i = 0, k = 0; i < mean.length; i += LEVEL_SAMPLE_STEP, k++) {
      maps.sample[k] = sample === 'mean' ? mean[i]! : source[i]! - mean[i]!;
    }
  }

  /** grey = sign x (grey - its box mean of radius r), through `mean` in JavaScript. */
  private subtractMean(maps: Maps, r: number, sign: 1 | -1): void {
    if (this.wasm !== null) {
      this.wasm.boxMean('grey', 'grey', r, { subtractSign: sign });
      return;
    }
    const { grey, mean } = maps;
    boxMean(grey, maps.width, maps.height, r, mean, maps.tmp, maps.columns);
    for (let i = 0; i < grey.length; i++) grey[i] = sign * (grey[i]! - mean[i]!);
  }

  /** The frame's smoothed contrast map; valid until the next call. */
  contrastMap(frame: GrayFrame, settings: CasaSettings): ContrastMap {
    const bin = mapBin(settings.umPerPixel);
    const w = Math.floor(frame.width / bin);
    const h = Math.floor(frame.height / bin);
    const maps = this.prepare(w, h);
    const { grey, sample } = maps;
    if (this.wasm !== null && bin === 1) this.wasm.loadBytes(frame.data);
    else binInto(frame, bin, grey, w, h);
    const px = (um: number): number => mapPixels(um, settings.umPerPixel, bin);
    // The camera noise: the robust spread of each pixel minus its 3 x 3 mean (a white noise of
    // sigma s leaves s * sqrt(8 / 9) there), on the sampled pixels only.
    const samples = sample.subarray(0, Math.ceil((w * h) / LEVEL_SAMPLE_STEP));
    this.box(maps, 'grey', 'mean', 1, 'difference');
    const local = sampleLevel(samples, samples.length);
    const noise = (local.mad * MAD_TO_SIGMA) / Math.sqrt(8 / 9);
    this.subtractMean(maps, px(BACKGROUND_RADIUS_UM), settings.polarity === 'dark' ? -1 : 1);
    const smoothRadius = px(SMOOTH_RADIUS_UM);
    this.box(maps, 'grey', 'a', smoothRadius);
    this.box(maps, 'a', 'b', smoothRadius);
    this.box(maps, 'b', 'a', smoothRadius, 'mean');
    const map = maps.a;
    const { median, mad } = sampleLevel(samples, samples.length);
    // The spread of the map is the texture of a dense field, or only the camera noise of a sparse
    // one; the noise left after smoothing is the floor either way.
    const floor = (NOISE_SIGMA / PEAK_SIGMA) * noise * this.noiseGain(smoothRadius);
    return {
      map,
      bin,
      width: w,
      height: h,
      median,
      sigma: Math.max(1e-6, mad * MAD_TO_SIGMA, floor),
    };
  }

  /** The heads' peaks on the map last made (see `peaksOf`), the candidates scanned in WebAssembly. */
  peaks(contrast: ContrastMap, settings: CasaSettings): HeadPeak[] {
    const wasm = this.wasm;
    if (wasm === null || contrast.map !== this.maps?.a) return peaksOf(contrast, settings);
    return peaksOf(contrast, settings, (step, threshold) => wasm.scan(step, threshold));
  }

  private noiseGain(r: number): number {
    let gain = this.gains.get(r);
    if (gain === undefined) this.gains.set(r, (gain = smoothingNoiseGain(r)));
    return gain;
  }
}

/** Means of `bin` x `bin` blocks of the frame into `grey` (the last partial row and column left out). */
function binInto(frame: GrayFrame, bin: number, grey: Float32Array, w: number, h: number): void {
  const { data } = frame;
  if (bin === 1) {
    for (let y = 0; y < h; y++) {
      const row = y * frame.width;
      const out = y * w;
      for (let x = 0; x < w; x++) grey[out + x] = data[row + x]!;
    }
    return;
  }
  grey.fill(0, 0, w * h);
  const scale = 1 / (bin * bin);
  for (let y = 0; y < h * bin; y++) {
    const row = y * frame.width;
    const out = Math.floor(y / bin) * w;
    for (let x = 0; x < w * bin; x++) grey[out + Math.floor(x / bin)]! += data[row + x]!;
  }
  for (let i = 0; i < w * h; i++) grey[i]! *= scale;
}
