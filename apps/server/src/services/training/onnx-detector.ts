import type { CasaSettings, Detection, Detector, GrayFrame } from '@sarm/casa';
import { boxMorphometry, resizeBilinear } from '@sarm/ml';
import { type InferenceSession, Tensor } from 'onnxruntime-node';
import {
  fixedDim,
  imageInputOf,
  ONNX_MODEL_MESSAGES,
  OnnxModelShapeError,
  trialOutputDims,
} from './onnx-model-files.js';

/** Box confidence a YOLO-style row needs (objectness times the best class score). */
export const ONNX_BOX_THRESHOLD = 0.25;
/** Boxes overlapping a kept, more confident box by more than this IoU are dropped. */
export const ONNX_NMS_IOU = 0.5;
/** Heat a heat-map peak needs to count as a head. */
export const ONNX_HEAT_THRESHOLD = 0.3;
/** Side of the box drawn around a heat-map head, µm (the dataset's head size). */
export const ONNX_HEAD_BOX_UM = 5;
/** Grey of the letterbox bars (YOLO's 114 of 255). */
const PAD_VALUE = 114 / 255;
/** Side used for the trial run of a model whose input size is not fixed. */
const TRIAL_SIDE = 64;

/** What an ONNX detector takes and answers, learnt from its metadata and a trial run. */
export interface OnnxDetectorLayout {
  readonly inputName: string;
  readonly channels: 1 | 3;
  /** The fixed input size, or `null` when the model takes any size (the frame's is used). */
  readonly height: number | null;
  readonly width: number | null;
  readonly output: 'boxes' | 'heatmap';
}

/** A box in some pixel space with its confidence. */
export interface ScoredBox {
  readonly x1: number;
  readonly y1: number;
  readonly x2: number;
  readonly y2: number;
  readonly confidence: number;
}

/** The kind of a detector's output from its dims, or `null` when it is neither. */
export function detectorOutputKind(dims: readonly number[]): OnnxDetectorLayout['output'] | null {
  if (dims.length === 3 && dims[0] === 1 && (dims[2] ?? 0) >= 5) return 'boxes';
  if (dims.length === 4 && dims[0] === 1 && dims[1] === 1) return 'heatmap';
  return null;
}

/**
 * Checks that a session is a detector (one image input [1,1|3,H,W], boxes or a heat map out) by
 * its metadata and a run on a blank image; throws {@link OnnxModelShapeError} naming the shapes.
 */
export async function inspectOnnxDetector(session: InferenceSession): Promise<OnnxDetectorLayout> {
  const refuse = () => new OnnxModelShapeError(ONNX_MODEL_MESSAGES.detectorShape);
  const input = imageInputOf(session);
  if (input === null) throw refuse();
  const [batch, channels, height, width] = input.shape;
  if ((batch !== 1 && typeof batch === 'number') || (channels !== 1 && channels !== 3))
    throw refuse();
  const layout = {
    inputName: input.name,
    channels,
    height: fixedDim(height),
    width: fixedDim(width),
  } as const;
  const dims = await trialOutputDims(session, input.name, [
    1,
    channels,
    layout.height ?? TRIAL_SIDE,
    layout.width ?? TRIAL_SIDE,
  ]);
  const output = dims === null ? null : detectorOutputKind(dims);
  if (output === null) throw refuse();
  return { ...layout, output };
}

/** A frame scaled into the model's input: how input pixels map back to frame pixels. */
export interface Letterbox {
  readonly data: Float32Array;
  readonly width: number;
  readonly height: number;
  readonly scale: number;
  readonly padX: number;
  readonly padY: number;
}

/**
 * The frame resized (bilinear, aspect kept) into a `width` x `height` input, centred between grey
 * bars, values 0-1, planar with the grey plane repeated over `channels`.
 */
export function letterboxFrame(
  frame: GrayFrame,
  width: number,
  height: number,
  channels: number,
): Letterbox {
  const scale = Math.min(width / frame.width, height / frame.height);
  const innerWidth = Math.max(1, Math.min(width, Math.round(frame.width * scale)));
  const innerHeight = Math.max(1, Math.min(height, Math.round(frame.height * scale)));
  const padX = Math.floor((width - innerWidth) / 2);
  const padY = Math.floor((height - innerHeight) / 2);
  const resized =
    innerWidth === frame.width && innerHeight === frame.height
      ? frame.data
      : resizeBilinear(frame, innerWidth, innerHeight);
  const plane = width * height;
  const data = new Float32Array(plane * channels).fill(PAD_VALUE);
  for (let y = 0; y < innerHeight; y++)
    for (let x = 0; x < innerWidth; x++)
      data[(y + padY) * width + x + padX] = (resized[y * innerWidth + x] ?? 0) / 255;
  for (let c = 1; c < channels; c++) data.copyWithin(c * plane, 0, plane);
  return { data, width, height, scale, padX, padY };
}

/** Rows (cx, cy, w, h, objectness[, class scores]) of [1,N,K] as boxes above the threshold. */
export function decodeBoxRows(
  values: Float32Array,
  dims: readonly number[],
  threshold = ONNX_BOX_THRESHOLD,
): ScoredBox[] {
  const rows = dims[1] ?? 0;
  const stride = dims[2] ?? 0;
  const boxes: ScoredBox[] = [];
  for (let row = 0; row < rows; row++) {
    const at = row * stride;
    let classScore = stride > 5 ? 0 : 1;
    for (let k = 5; k < stride; k++) classScore = Math.max(classScore, values[at + k] ?? 0);
    const confidence = (values[at + 4] ?? 0) * classScore;
    if (!(confidence >= threshold)) continue;
    const cx = values[at] ?? 0;
    const cy = values[at + 1] ?? 0;
    const w = values[at + 2] ?? 0;
    const h = values[at + 3] ?? 0;
    boxes.push({ x1: cx - w / 2, y1: cy - h / 2, x2: cx + w / 2, y2: cy + h / 2, confidence });
  }
  return boxes;
}

function intersectionOverUnion(a: ScoredBox, b: ScoredBox): number {
  const w = Math.max(0, Math.min(a.x2, b.x2) - Math.max(a.x1, b.x1));
  const h = Math.max(0, Math.min(a.y2, b.y2) - Math.max(a.y1, b.y1));
  const overlap = w * h;
  const union = (a.x2 - a.x1) * (a.y2 - a.y1) + (b.x2 - b.x1) * (b.y2 - b.y1) - overlap;
  return union > 0 ? overlap / union : 0;
}

/** Greedy non-maximum suppression: most confident first, dropping boxes that overlap a kept one. */
export function nonMaximumSuppression(
  boxes: readonly ScoredBox[],
  iouLimit = ONNX_NMS_IOU,
): ScoredBox[] {
  const kept: ScoredBox[] = [];
  for (const box of [...boxes].sort((a, b) => b.confidence - a.confidence))
    if (kept.every((other) => intersectionOverUnion(box, other) <= iouLimit)) kept.push(box);
  return kept;
}

/**
 * Peaks of a heat map [h,w] above the threshold (strict on earlier neighbours, loose on later
 * ones, so a flat top gives one peak), refined by the 3x3 heat's centre of mass, as centres in
 * input pixels of an input `inputWidth` x `inputHeight`.
 */
export function heatMapPeaks(
  heat: Float32Array,
  width: number,
  height: number,
  inputWidth: number,
  inputHeight: number,
  threshold = ONNX_HEAT_THRESHOLD,
): { x: number; y: number; confidence: number }[] {
  const at = (x: number, y: number) =>
    x < 0 || y < 0 || x >= width || y >= height ? 0 : (heat[y * width + x] ?? 0);
  const strideX = inputWidth / width;
  const strideY = inputHeight / height;
  const peaks: { x: number; y: number; confidence: number }[] = [];
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const value = at(x, y);
      if (!(value >= threshold)) continue;
      let peak = true;
      let sum = 0;
      let sx = 0;
      let sy = 0;
      for (let dy = -1; dy <= 1 && peak; dy++)
        for (let dx = -1; dx <= 1; dx++) {
          const v = at(x + dx, y + dy);
          sum += v;
          sx += v * dx;
          sy += v * dy;
          const earlier = dy < 0 || (dy === 0 && dx < 0);
          if ((dx !== 0 || dy !== 0) && (earlier ? v >= value : v > value)) peak = false;
        }
      if (!peak) continue;
      peaks.push({
        x: (x + 0.5 + sx / sum) * strideX,
        y: (y + 0.5 + sy / sum) * strideY,
        confidence: Math.min(1, value),
      });
    }
  return peaks;
}

/** A head in frame pixels as casa's Detection (a box's ellipse as its shape, as trained ones do). */
function toDetection(box: ScoredBox, umPerPixel: number): Detection {
  const width = box.x2 - box.x1;
  const height = box.y2 - box.y1;
  return {
    x: (box.x1 + box.x2) / 2,
    y: (box.y1 + box.y2) / 2,
    ...box,
    confidence: Math.min(1, Math.max(0, box.confidence)),
    className: 'sperm',
    cellCount: 1,
    angle: height > width ? Math.PI / 2 : 0,
    morphometry: boxMorphometry(width, height, umPerPixel),
  };
}

/**
 * An imported ONNX detector behind casa's `Detector` (answers a promise: ONNX Runtime runs
 * asynchronously). YOLO-style boxes go through a confidence threshold and non-maximum
 * suppression; heat-map peaks become heads with a box of the dataset's head size. Every head is
 * one sperm; heads whose centre falls on the letterbox bars are dropped. The session stays the
 * caller's to release.
 */
export class OnnxDetector implements Detector {
  constructor(
    private readonly session: InferenceSession,
    private readonly layout: OnnxDetectorLayout,
  ) {}

  async detect(frame: GrayFrame, settings: CasaSettings): Promise<Detection[]> {
    const { layout } = this;
    const input = letterboxFrame(
      frame,
      layout.width ?? frame.width,
      layout.height ?? frame.height,
      layout.channels,
    );
    const result = await this.session.run({
      [layout.inputName]: new Tensor('float32', input.data, [
        1,
        layout.channels,
        input.height,
        input.width,
      ]),
    });
    const output = result[this.session.outputNames[0] ?? ''];
    if (!(output instanceof Tensor) || !(output.data instanceof Float32Array))
      throw new Error('The ONNX detector answered no float output');
    const boxes = this.boxesInInput(output.data, output.dims, input, settings.umPerPixel);
    const toFrameX = (x: number) => (x - input.padX) / input.scale;
    const toFrameY = (y: number) => (y - input.padY) / input.scale;
    const detections: Detection[] = [];
    for (const box of boxes) {
      const cx = toFrameX((box.x1 + box.x2) / 2);
      const cy = toFrameY((box.y1 + box.y2) / 2);
      if (cx < 0 || cy < 0 || cx >= frame.width || cy >= frame.height) continue;
      const inFrame: ScoredBox = {
        x1: Math.max(0, toFrameX(box.x1)),
        y1: Math.max(0, toFrameY(box.y1)),
        x2: Math.min(frame.width, toFrameX(box.x2)),
        y2: Math.min(frame.height, toFrameY(box.y2)),
        confidence: box.confidence,
      };
      detections.push({ ...toDetection(inFrame, settings.umPerPixel), x: cx, y: cy });
    }
    return detections.sort((a, b) => b.confidence - a.confidence);
  }

  /** Boxes in input pixels from the model's output. */
  private boxesInInput(
    values: Float32Array,
    dims: readonly number[],
    input: Letterbox,
    umPerPixel: number,
  ): ScoredBox[] {
    if (this.layout.output === 'boxes') return nonMaximumSuppression(decodeBoxRows(values, dims));
    const height = dims[2] ?? 0;
    const width = dims[3] ?? 0;
    // The head box is a fixed size in frame pixels, so in input pixels it scales with the frame.
    const half = ((ONNX_HEAD_BOX_UM / umPerPixel) * input.scale) / 2;
    return heatMapPeaks(values, width, height, input.width, input.height).map((peak) => ({
      x1: peak.x - half,
      y1: peak.y - half,
      x2: peak.x + half,
      y2: peak.y + half,
      confidence: peak.confidence,
    }));
  }
}
