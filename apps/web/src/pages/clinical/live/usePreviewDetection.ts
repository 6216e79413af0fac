import { useEffect, useState } from 'react';
import type { FocusReading } from './focusMeter';
import { createFrameRateMeter } from './frameRate';
import {
  PREVIEW_MAX_WIDTH,
  type PreviewAnswer,
  type PreviewHead,
  type PreviewRequest,
} from './previewProtocol';

export interface PreviewState {
  readonly heads: readonly PreviewHead[];
  readonly focus: FocusReading | null;
  /** Preview frames analysed and drawn per second. */
  readonly overlayFps: number | null;
  readonly error: string | null;
}

const EMPTY: PreviewState = { heads: [], focus: null, overlayFps: null, error: null };

/** Draws the heads found in a preview frame as circles on the overlay, scaled to its size. */
function drawHeads(canvas: HTMLCanvasElement, answer: Extract<PreviewAnswer, { type: 'result' }>) {
  const { clientWidth, clientHeight } = canvas;
  if (canvas.width !== clientWidth || canvas.height !== clientHeight) {
    canvas.width = clientWidth;
    canvas.height = clientHeight;
  }
  const context = canvas.getContext('2d');
  if (context === null) return;
  context.clearRect(0, 0, canvas.width, canvas.height);
  const sx = canvas.width / answer.width;
  const sy = canvas.height / answer.height;
  context.strokeStyle = '#00e676';
  context.lineWidth = 2;
  for (const head of answer.heads) {
    const r = Math.max(4, (Math.max(head.x2 - head.x1, head.y2 - head.y1) * sx) / 2 + 2);
    context.beginPath();
    context.arc(head.x * sx, head.y * sy, r, 0, 2 * Math.PI);
    context.stroke();
  }
}

/**
 * Runs the casa classical detector in a worker on downscaled frames of the live video, one frame
 * in flight at a time (the overlay then runs as fast as the worker, never queueing stale frames),
 * and draws the heads on `overlay`.
 */
export function usePreviewDetection(
  video: React.RefObject<HTMLVideoElement | null>,
  overlay: React.RefObject<HTMLCanvasElement | null>,
  enabled: boolean,
  umPerPixel: number,
): PreviewState {
  const [state, setState] = useState<PreviewState>(EMPTY);

  useEffect(() => {
    const element = video.current;
    const canvas = overlay.current;
    if (!enabled || element === null) return;
    const worker = new Worker(new URL('./preview.worker.ts', import.meta.url), { type: 'module' });
    const meter = createFrameRateMeter();
    let busy = false;
    let stopped = false;
    let handle = 0;

    const send = async () => {
      const { videoWidth, videoHeight } = element;
      if (videoWidth === 0 || videoHeight === 0) return;
      const scale = Math.min(1, PREVIEW_MAX_WIDTH / videoWidth);
      const width = Math.round(videoWidth * scale);
      const height = Math.round(videoHeight * scale);
      busy = true;
      try {
        const bitmap = await createImageBitmap(element, {
          resizeWidth: width,
          resizeHeight: height,
          resizeQuality: 'low',
        });
        // The sample's scale is for the camera's frame; the preview frame is `scale` times smaller.
        const request: PreviewRequest = { type: 'frame', bitmap, umPerPixel: umPerPixel / scale };
        worker.postMessage(request, [bitmap]);
      } catch {
        busy = false;
      }
    };

    worker.onmessage = (event: MessageEvent<PreviewAnswer>) => {
      busy = false;
      if (stopped) return;
      const answer = event.data;
      if (answer.type === 'error') {
        setState((previous) => ({ ...previous, error: answer.message }));
        return;
      }
      meter.add(performance.now());
      if (canvas !== null) drawHeads(canvas, answer);
      setState({ heads: answer.heads, focus: answer.focus, overlayFps: meter.rate(), error: null });
    };

    const onFrame = () => {
      if (stopped) return;
      if (!busy) void send();
      handle = element.requestVideoFrameCallback(onFrame);
    };
    handle = element.requestVideoFrameCallback(onFrame);
    return () => {
      stopped = true;
      element.cancelVideoFrameCallback(handle);
      worker.terminate();
      canvas?.getContext('2d')?.clearRect(0, 0, canvas.width, canvas.height);
      setState(EMPTY);
    };
  }, [enabled, overlay, umPerPixel, video]);

  return state;
}
