import { Worker } from 'node:worker_threads';

/**
 * The worker's code, plain CommonJS evaluated by `new Worker(..., { eval: true })` so it loads the
 * same way from the TypeScript sources (tests) and the built package. It runs ffmpeg, cuts its
 * stdout into frames and transfers each frame's memory to the main thread, keeping at most
 * `maxAhead` frames unacknowledged.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { spawn } = require('node:child_process');
const { command, args, frameBytes, maxAhead } = workerData;
const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
let stderr = '';
child.stderr.setEncoding('utf8');
child.stderr.on('data', (chunk) => { stderr = (stderr + chunk).slice(-4000); });
// Buffers handed back by the main thread (see 'recycle' in pumpFrames), reused before allocating.
const spare = [];
const newFrame = () => {
  const buffer = spare.pop();
  return buffer !== undefined
    ? new Uint8Array(buffer, 0, frameBytes)
    : new Uint8Array(Buffer.allocUnsafeSlow(frameBytes).buffer, 0, frameBytes);
};
let pending = newFrame();
let filled = 0;
let inFlight = 0;
child.stdout.on('data', (chunk) => {
  let offset = 0;
  while (offset < chunk.length) {
    const take = Math.min(frameBytes - filled, chunk.length - offset);
    pending.set(chunk.subarray(offset, offset + take), filled);
    filled += take;
    offset += take;
    if (filled === frameBytes) {
      parentPort.postMessage({ frame: pending }, [pending.buffer]);
      inFlight += 1;
      pending = newFrame();
      filled = 0;
    }
  }
  if (inFlight >= maxAhead) child.stdout.pause();
});
parentPort.on('message', (message) => {
  if (message === 'ack' || message.buffers !== undefined) {
    if (message.buffers !== undefined) spare.push(...message.buffers);
    inFlight -= message === 'ack' ? 1 : message.buffers.length;
    if (inFlight < maxAhead) child.stdout.resume();
  } else if (message === 'stop') {
    // A paused stdout never ends, and 'close' waits for it: drop what is left.
    child.stdout.destroy();
    child.kill('SIGKILL');
  }
});
let settled = false;
const finish = (code, note) => {
  if (settled) return;
  settled = true;
  if (note) stderr += '\\n' + note;
  parentPort.postMessage({ done: true, code, stderr });
  parentPort.close();
};
child.on('close', (code, signal) => finish(code, signal ? 'ffmpeg was stopped by ' + signal : ''));
child.on('error', (error) => finish(-1, error.message));
`;

/** Frames whose memory goes back to the reader in one message (see `recycle` in pumpFrames). */
const RECYCLE_BATCH = 8;

/** Read-ahead of about 16 MB (52 frames of 640x480), at least 4 and at most 64 frames. */
export function framesAhead(frameBytes: number): number {
  return Math.max(4, Math.min(64, Math.floor((16 * 1024 * 1024) / Math.max(1, frameBytes))));
}

export interface PumpOutcome {
  /** ffmpeg's exit code; -1 when it could not be started or the worker failed. */
  readonly code: number | null;
  /** The end of ffmpeg's stderr. */
  readonly stderr: string;
}

type WorkerMessage =
  | { readonly frame: Uint8Array }
  | { readonly done: true; readonly code: number | null; readonly stderr: string };

/**
 * Runs `command args` in a worker thread and yields its stdout cut into `frameBytes`-sized frames,
 * then returns how the process ended. Decoding runs ahead of the consumer by up to `maxAhead` frames,
 * so ffmpeg keeps working while the caller analyses a frame (a pipe read on the busy main thread
 * would stall it after one frame). Each frame owns its memory. Leaving the loop early kills the
 * process and waits for it to exit.
 *
 * With `recycle`, a frame's memory goes back to the reader when the consumer asks for the next frame,
 * so a long video allocates only the read-ahead's buffers instead of one per frame (less garbage
 * collection on the consumer's thread); the consumer must then not keep a frame past its turn.
 */
export async function* pumpFrames(
  command: string,
  args: readonly string[],
  frameBytes: number,
  maxAhead = framesAhead(frameBytes),
  recycle = false,
): AsyncGenerator<Uint8Array, PumpOutcome> {
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { command, args: [...args], frameBytes, maxAhead },
  });
  const frames: Uint8Array[] = [];
  let outcome: PumpOutcome | undefined;
  let wake: (() => void) | undefined;
  const notify = () => {
    wake?.();
    wake = undefined;
  };
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  worker.on('message', (message: WorkerMessage) => {
    if ('frame' in message) frames.push(message.frame);
    else outcome = { code: message.code, stderr: message.stderr };
    notify();
  });
  worker.on('error', (error: Error) => {
    outcome ??= { code: -1, stderr: error.message };
    notify();
  });
  void exited.then(() => {
    outcome ??= { code: -1, stderr: 'the frame reader stopped unexpectedly' };
    notify();
  });
  const returned: ArrayBuffer[] = [];
  const giveBack = () => {
    if (returned.length === 0) return;
    worker.postMessage({ buffers: returned }, returned);
    returned.length = 0;
  };
  let finished = false;
  try {
    for (;;) {
      const frame = frames.shift();
      if (frame !== undefined) {
        if (!recycle) {
          worker.postMessage('ack');
          yield frame;
          continue;
        }
        yield frame;
        // The consumer is done with the frame: its memory goes back with the acknowledgement, a
        // few frames at a time since each message costs the main thread about as much as a copy.
        if (frame.buffer instanceof ArrayBuffer) returned.push(frame.buffer);
        else worker.postMessage('ack');
        if (returned.length >= RECYCLE_BATCH) giveBack();
        continue;
      }
      // Before waiting, the reader must know of every frame done, or it could wait for us.
      giveBack();
      if (outcome !== undefined) break;
      await new Promise<void>((resolve) => (wake = resolve));
    }
    finished = true;
  } finally {
    if (!finished) worker.postMessage('stop');
    // Waiting here means that when the consumer's loop has ended, no ffmpeg is left running.
    await exited;
  }
  return outcome ?? { code: -1, stderr: '' };
}
