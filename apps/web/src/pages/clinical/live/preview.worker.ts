/// <reference lib="webworker" />
import {
  ClassicalDetector,
  frameIndex as toFrameIndex,
  resolveSettings,
  type CasaSettings,
} from '@sarm/casa';
import { readFocus } from './focusMeter';
import { rgbaToGrey, type PreviewAnswer, type PreviewRequest } from './previewProtocol';

// The same engine as the server's analysis, on the preview's downscaled grey frames.
let detector: ClassicalDetector | null = null;
let settings: CasaSettings | null = null;
let canvas: OffscreenCanvas | null = null;
let grey = new Uint8Array(0);
let frameIndex = 0;

function detectorFor(umPerPixel: number): ClassicalDetector {
  if (detector === null || settings?.umPerPixel !== umPerPixel) {
    settings = resolveSettings({ umPerPixel });
    detector = new ClassicalDetector(settings);
  }
  return detector;
}

function analyse(request: PreviewRequest): PreviewAnswer {
  const started = performance.now();
  const { bitmap } = request;
  const { width, height } = bitmap;
  if (canvas === null || canvas.width !== width || canvas.height !== height)
    canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (context === null) throw new Error('No 2D context in the worker');
  context.drawImage(bitmap, 0, 0);
  bitmap.close();
  if (grey.length !== width * height) grey = new Uint8Array(width * height);
  rgbaToGrey(context.getImageData(0, 0, width, height).data, grey);
  const found = detectorFor(request.umPerPixel).detect({
    index: toFrameIndex(frameIndex++),
    width,
    height,
    data: grey,
  });
  const heads = found
    .filter((d) => d.className === 'sperm' || d.className === 'cluster')
    .map(({ x, y, x1, y1, x2, y2 }) => ({ x, y, x1, y1, x2, y2 }));
  return {
    type: 'result',
    width,
    height,
    heads,
    focus: readFocus(grey, width, height),
    workMs: performance.now() - started,
  };
}

self.onmessage = (event: MessageEvent<PreviewRequest>) => {
  let answer: PreviewAnswer;
  try {
    answer = analyse(event.data);
  } catch (error) {
    answer = { type: 'error', message: error instanceof Error ? error.message : String(error) };
  }
  self.postMessage(answer);
};
