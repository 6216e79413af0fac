import { frameIndex, resolveSettings, type GrayFrame } from '@sarm/casa';
import { boxMorphometry } from '@sarm/ml';
import type { InferenceSession } from 'onnxruntime-node';
import { afterEach, describe, expect, it } from 'vitest';
import {
  buildTestBoxDetector,
  buildTestHeatMapDetector,
  buildTestIdentityModel,
} from '../../test/onnx-builder.js';
import { inspectOnnxDetector, OnnxDetector } from './onnx-detector.js';
import { ONNX_MODEL_MESSAGES, openOnnxSession } from './onnx-model-files.js';

const opened: InferenceSession[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((session) => session.release()));
});

async function detectorOf(bytes: Uint8Array) {
  const session = await openOnnxSession(bytes);
  opened.push(session);
  return new OnnxDetector(session, await inspectOnnxDetector(session));
}

/** A black 128x64 frame with white squares (x, y, side) in frame pixels. */
function frameWithSquares(squares: readonly [number, number, number][]): GrayFrame {
  const [width, height] = [128, 64];
  const data = new Uint8Array(width * height);
  for (const [x0, y0, side] of squares)
    for (let y = y0; y < y0 + side; y++) data.fill(255, y * width + x0, y * width + x0 + side);
  return { index: frameIndex(0), width, height, data };
}

const settings = resolveSettings({ umPerPixel: 0.5 });

describe('OnnxDetector', () => {
  it('finds heat-map peaks of a letterboxed frame as heads with a 5 µm box in frame pixels', async () => {
    // 3 input channels (the grey repeated), 64x64 input: the 128x64 frame is halved and centred
    // between bars 16 px high; 4x4 heat cells.
    const detector = await detectorOf(
      buildTestHeatMapDetector({ channels: 3, height: 64, width: 64, block: 4 }),
    );
    const found = await detector.detect(
      frameWithSquares([
        [32, 16, 8],
        [80, 40, 8],
      ]),
      settings,
    );
    expect(found.map((d) => [d.x, d.y])).toEqual([
      [36, 20],
      [84, 44],
    ]);
    const [first] = found;
    // 5 µm at 0.5 µm per pixel: a 10 px box around the centre.
    expect(first).toMatchObject({ x1: 31, y1: 15, x2: 41, y2: 25, confidence: 1 });
    expect(first).toMatchObject({ className: 'sperm', cellCount: 1, angle: 0 });
    expect(first?.morphometry).toEqual(boxMorphometry(10, 10, 0.5));
  });

  it('keeps YOLO-style boxes above the threshold after non-maximum suppression, in frame pixels', async () => {
    const detector = await detectorOf(
      buildTestBoxDetector({
        channels: 1,
        height: 64,
        width: 64,
        rows: [
          [20, 26, 8, 8, 0.9, 0.2, 1], // kept: confidence 0.9
          [21, 26, 8, 8, 0.8, 1, 0.5], // overlaps the first (IoU 0.78): suppressed
          [40, 40, 6, 10, 0.6, 0.5, 0.5], // kept: confidence 0.3, taller than wide
          [50, 30, 8, 8, 0.9, 0.2, 0.2], // confidence 0.18: below the threshold
          [30, 4, 8, 8, 0.99, 1, 1], // centred on the letterbox bar: no frame pixel
        ],
      }),
    );
    const found = await detector.detect(frameWithSquares([]), settings);
    expect(found).toHaveLength(2);
    expect(found[0]).toMatchObject({ x: 40, y: 20, x1: 32, y1: 12, x2: 48, y2: 28 });
    expect(found[0]?.confidence).toBeCloseTo(0.9, 5);
    expect(found[1]).toMatchObject({ x: 80, y: 48, x1: 74, y1: 38, x2: 86, y2: 58 });
    expect(found[1]?.confidence).toBeCloseTo(0.3, 5);
    expect(found[1]?.angle).toBeCloseTo(Math.PI / 2);
  });

  it('takes the frame size when the model input size is symbolic', async () => {
    const detector = await detectorOf(
      buildTestBoxDetector({
        channels: 3,
        height: 'height',
        width: 'width',
        rows: [[100, 30, 10, 10, 0.7]],
      }),
    );
    const found = await detector.detect(frameWithSquares([]), settings);
    expect(found.map((d) => [d.x1, d.y1, d.x2, d.y2])).toEqual([[95, 25, 105, 35]]);
    expect(found[0]?.confidence).toBeCloseTo(0.7, 5);
  });

  it('refuses files that are not ONNX and models of other shapes, naming what is wrong', async () => {
    await expect(openOnnxSession(new TextEncoder().encode('junk'))).rejects.toThrow(
      ONNX_MODEL_MESSAGES.notOnnx,
    );
    const identity = await openOnnxSession(buildTestIdentityModel(3, 32, 32));
    opened.push(identity);
    await expect(inspectOnnxDetector(identity)).rejects.toThrow(ONNX_MODEL_MESSAGES.detectorShape);
  });
});
