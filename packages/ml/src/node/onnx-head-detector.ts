/** A trained head detector run by ONNX Runtime where the CASA engine expects a `Detector`. */
import type { CasaSettings, Detection, Detector, GrayFrame } from '@sarm/casa';
import { InferenceSession, Tensor } from 'onnxruntime-node';
import { toDetection, type TrainedHeadDetectorOptions } from '../detector/casa-detector.js';
import { decodePeaks, paddedSize, STRIDE, standardiseInto } from '../detector/encode.js';
import { DEFAULT_THRESHOLD } from '../detector/infer.js';
import { headDetectorToOnnx, ONNX_HEAD_INPUT, ONNX_HEAD_OUTPUT } from '../detector/onnx-export.js';
import type { SavedHeadDetector } from '../detector/weights.js';
import type { GreyImage, HeadPrediction } from '../types.js';

/**
 * The network TensorFlow.js trained, converted to ONNX and run natively on the CPU's threads: the
 * same heads as `TrainedHeadDetector` (to float rounding) at about ten times its speed, and off the
 * event loop, so decoding and tracking go on while a frame is detected. Release it when done.
 */
export class OnnxHeadDetector implements Detector {
  /** Input buffers of finished calls, reused: a 640x480 frame's is 1.2 MB. */
  private readonly spare: Float32Array[] = [];

  private constructor(
    private readonly session: InferenceSession,
    private readonly threshold: number,
  ) {}

  /** Opens a saved head detector (from a model file or `saveWeights`) in ONNX Runtime. */
  static async open(
    saved: SavedHeadDetector,
    options: TrainedHeadDetectorOptions = {},
  ): Promise<OnnxHeadDetector> {
    const session = await InferenceSession.create(headDetectorToOnnx(saved), {
      graphOptimizationLevel: 'all',
      executionMode: 'sequential',
      // One thread: the analysis decodes the video on the other cores meanwhile, and threads that
      // wait by spinning slow everything down on a busy machine.
      intraOpNumThreads: 1,
      interOpNumThreads: 1,
    });
    return new OnnxHeadDetector(session, options.threshold ?? DEFAULT_THRESHOLD);
  }

  /** Heads in one grey frame, highest confidence first. */
  async predict(frame: GreyImage): Promise<HeadPrediction[]> {
    const width = paddedSize(frame.width);
    const height = paddedSize(frame.height);
    const input = this.inputBuffer(width * height);
    standardiseInto(frame.data, frame.width, frame.height, input, 0);
    const outputs = await this.session
      .run({ [ONNX_HEAD_INPUT]: new Tensor('float32', input, [1, 1, height, width]) })
      .finally(() => this.spare.push(input));
    const raw = outputs[ONNX_HEAD_OUTPUT];
    if (raw === undefined) throw new Error('The head detector answered no heat map');
    const planes = raw.data as Float32Array;
    const cellsX = width / STRIDE;
    const cellsY = height / STRIDE;
    return decodePeaks(
      interleaveHeat(planes, cellsX * cellsY),
      cellsX,
      cellsY,
      this.threshold,
      frame.width,
      frame.height,
    );
  }

  /** A buffer of `size` values whose padding is zero (only frames of one size write into it). */
  private inputBuffer(size: number): Float32Array {
    const reused = this.spare.pop();
    return reused?.length === size ? reused : new Float32Array(size);
  }

  async detect(frame: GrayFrame, settings: CasaSettings): Promise<Detection[]> {
    return (await this.predict(frame)).map((p) => toDetection(p, settings.umPerPixel));
  }

  release(): Promise<void> {
    return this.session.release();
  }
}

/**
 * The network's planes [logit, log width, log height] (each `cells` long) as the cell-major
 * [heat, log width, log height] triples `decodePeaks` reads, the heat through a sigmoid.
 */
function interleaveHeat(planes: Float32Array, cells: number): Float32Array {
  const out = new Float32Array(cells * 3);
  for (let i = 0; i < cells; i++) {
    out[i * 3] = 1 / (1 + Math.exp(-(planes[i] ?? 0)));
    out[i * 3 + 1] = planes[cells + i] ?? 0;
    out[i * 3 + 2] = planes[2 * cells + i] ?? 0;
  }
  return out;
}
