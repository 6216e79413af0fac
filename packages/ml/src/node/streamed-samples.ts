/**
 * Samples streamed to the training worker thread one at a time: the thread asks the runner for
 * sample i when a batch needs it and the runner answers with its pixels (transferred, not
 * copied), so the thread never holds the whole label and the caller reads frames as asked.
 */
import type { DetectionSample, DetectionSampleSource, PixelBox } from '../types.js';

/** A detection request's samples as they cross to the worker when streamed: only their count. */
export interface StreamedSamples {
  readonly streamed: true;
  readonly count: number;
}

/** Worker to runner: read sample `index`; the answer names `id`. */
export interface SampleRequest {
  readonly type: 'load';
  readonly id: number;
  readonly index: number;
}

/** Runner to worker: the sample asked for as `id`, or why it could not be read. */
export type SampleAnswer =
  | {
      readonly type: 'sample';
      readonly id: number;
      readonly width: number;
      readonly height: number;
      readonly pixels: Uint8Array;
      readonly boxes: readonly PixelBox[];
    }
  | { readonly type: 'sample-failed'; readonly id: number; readonly message: string };

/** The worker's side: a source whose `load` asks the runner through `post`. */
export class RemoteSampleSource implements DetectionSampleSource {
  private nextId = 0;
  private readonly waiting = new Map<
    number,
    { resolve: (sample: DetectionSample) => void; reject: (error: Error) => void }
  >();

  constructor(
    readonly count: number,
    private readonly post: (request: SampleRequest) => void,
  ) {}

  load(index: number): Promise<DetectionSample> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.post({ type: 'load', id, index });
    });
  }

  /** Settles the load an answer is for. */
  receive(answer: SampleAnswer): void {
    const waiting = this.waiting.get(answer.id);
    if (waiting === undefined) return;
    this.waiting.delete(answer.id);
    if (answer.type === 'sample-failed') {
      waiting.reject(new Error(`Reading training sample failed: ${answer.message}`));
      return;
    }
    const { width, height, pixels, boxes } = answer;
    waiting.resolve({ frame: { width, height, data: pixels }, boxes });
  }
}

/**
 * The runner's side: reads the sample a request asks for from `source` and posts the answer,
 * its pixels in a buffer of their own that is transferred. Never throws: a failed read is posted.
 */
export async function answerSampleRequest(
  source: DetectionSampleSource,
  request: SampleRequest,
  post: (answer: SampleAnswer, transfer: ArrayBuffer[]) => void,
): Promise<void> {
  let answer: SampleAnswer;
  let transfer: ArrayBuffer[] = [];
  try {
    const { frame, boxes } = await source.load(request.index);
    // A copy of its own, so transferring it cannot detach the caller's buffer.
    const pixels = Uint8Array.from(frame.data);
    const { width, height } = frame;
    answer = { type: 'sample', id: request.id, width, height, pixels, boxes };
    transfer = [pixels.buffer];
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    answer = { type: 'sample-failed', id: request.id, message };
  }
  try {
    post(answer, transfer);
  } catch {
    // The thread has ended: nobody waits for the answer.
  }
}
