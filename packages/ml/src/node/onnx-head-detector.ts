/** A trained head detector run by ONNX Runtime where the CASA engine expects a `Detector`. */
import type { CasaSettings, Detection, Detector, GrayFrame } from '@sarm/casa';
import { InferenceSession, Tensor } from 'onnxruntime-node';
import { toDetection, type TrainedHeadDetectorOptions } from '../detector/casa-detector.js';
import { decodePeaks, paddedSize, STRIDE } from '../detector/encode.js';
import { DEFAULT_THRESHOLD } from '../detector/infer.js';
import {
  headDetectorToOnnx,
  ONNX_HEAD_INPUT,
  ONNX_HEAD_OUTPUT,
  ONNX_HEAD_PADS,
} from '../detector/onnx-export.js';
import type { SavedHeadDetector } from '../detector/weights.js';
import type { GreyImage, HeadPrediction } from '../types.js';

/**
 * The network TensorFlow.js trained, converted to ONNX (standardisation and sigmoid included) and
 * run natively: the same heads as `TrainedHeadDetector` (to float rounding) at about ten times its
 * speed, off the event loop, so decoding and tracking go on while a frame is detected. A call
 * copies the frame before it returns, so the caller may reuse the frame's memory at once. Release
 * it when done.
 */
export class OnnxHeadDetector implements Detector {
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
      // One thread a frame: the analysis decodes the video on the other cores meanwhile and may
      // detect several frames at once, and threads that wait by spinning slow a busy machine.
      intraOpNumThreads: 1,
      interOpNumThreads: 1,
    });
    return new OnnxHeadDetector(
      session,
      options.threshold ?? saved.architecture.threshold ?? DEFAULT_THRESHOLD,
    );
  }

  /** Heads in one grey frame, highest confidence first. */
  async predict(frame: GreyImage): Promise<HeadPrediction[]> {
    const width = paddedSize(frame.width);
    const height = paddedSize(frame.height);
    const pads = BigInt64Array.from(
      [0, 0, 0, 0, 0, 0, height - frame.height, width - frame.width],
      BigInt,
    );
    const outputs = await this.session.run({
      [ONNX_HEAD_INPUT]: new Tensor('uint8', frame.data.slice(0, frame.width * frame.height), [
        1,
        1,
        frame.height,
        frame.width,
      ]),
      [ONNX_HEAD_PADS]: new Tensor('int64', pads, [8]),
    });
    const heads = outputs[ONNX_HEAD_OUTPUT];
    if (heads === undefined) throw new Error('The head detector answered no heat map');
    return decodePeaks(
      heads.data as Float32Array,
      width / STRIDE,
      height / STRIDE,
      this.threshold,
      frame.width,
      frame.height,
      'planar',
    );
  }

  async detect(frame: GrayFrame, settings: CasaSettings): Promise<Detection[]> {
    return (await this.predict(frame)).map((p) => toDetection(p, settings.umPerPixel));
  }

  release(): Promise<void> {
    return this.session.release();
  }
}
