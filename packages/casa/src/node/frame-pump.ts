import { execFile, spawn } from 'node:child_process';
import { closeSync, constants, openSync, rmSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { setPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Worker } from 'node:worker_threads';

/** Slots of the control array shared with the reader thread. */
const WRITTEN = 0;
const READ = 1;
const ENDED = 2;
const STOP = 3;
/** Bumped by every event the main thread may wait for (a frame, the end), so no wake-up is lost. */
const SIGNAL = 4;

/**
 * The reader thread's code, plain CommonJS evaluated by `new Worker(..., { eval: true })` so it
 * loads the same way from the TypeScript sources (tests) and the built package. It reads the FIFO
 * ffmpeg writes to (the blocking descriptor `fd`, opened by the main thread) straight into the
 * ring of frames shared with the main thread: no stream, no chunk copies and no message per
 * frame. It waits while the ring is full.
 */
const READER_SOURCE = `
const { workerData } = require('node:worker_threads');
const { readSync } = require('node:fs');
const { fd, frameBytes, slots, ring, control, priority } = workerData;
// On Linux a thread's nice value is its own: this lowers the reader only, not its process.
if (priority > 0) require('node:os').setPriority(priority);
const frames = new Uint8Array(ring);
const state = new Int32Array(control);
const [WRITTEN, READ, ENDED, STOP, SIGNAL] = [${WRITTEN}, ${READ}, ${ENDED}, ${STOP}, ${SIGNAL}];
const signal = () => {
  Atomics.add(state, SIGNAL, 1);
  Atomics.notify(state, SIGNAL);
};
let written = 0;
try {
  for (;;) {
    let read = Atomics.load(state, READ);
    while (written - read >= slots && Atomics.load(state, STOP) === 0) {
      Atomics.wait(state, READ, read);
      read = Atomics.load(state, READ);
    }
    if (Atomics.load(state, STOP) !== 0) break;
    const start = (written % slots) * frameBytes;
    let filled = 0;
    while (filled < frameBytes) {
      const got = readSync(fd, frames, start + filled, frameBytes - filled, null);
      if (got === 0) break;
      filled += got;
    }
    if (filled < frameBytes) break;
    written += 1;
    Atomics.store(state, WRITTEN, written);
    signal();
  }
} finally {
  Atomics.store(state, ENDED, 1);
  signal();
}
`;

/** `Atomics.waitAsync` (in Node since 16), which the TypeScript library in use does not declare. */
const waitAsync = (array: Int32Array, index: number, value: number) =>
  (
    Atomics as unknown as {
      waitAsync(
        array: Int32Array,
        index: number,
        value: number,
      ): { value: Promise<string> | string };
    }
  ).waitAsync(array, index, value);

/** Read-ahead of about 16 MB (52 frames of 640x480), at least 4 and at most 64 frames. */
export function framesAhead(frameBytes: number): number {
  return Math.max(4, Math.min(64, Math.floor((16 * 1024 * 1024) / Math.max(1, frameBytes))));
}

export interface PumpOutcome {
  /** ffmpeg's exit code; -1 when it could not be started or the reader failed. */
  readonly code: number | null;
  /** The end of ffmpeg's stderr. */
  readonly stderr: string;
}

/**
 * Runs ffmpeg with `args` (everything but the output, which is a FIFO this function adds) and
 * yields its raw output cut into `frameBytes`-sized frames, then returns how the process ended.
 * A reader thread keeps decoding up to `maxAhead` frames ahead of the consumer, so ffmpeg keeps
 * working while the caller analyses a frame (a pipe read on the busy main thread would stall it
 * after one frame). Leaving the loop early kills ffmpeg and waits for it to exit.
 *
 * Each yielded frame owns a fresh copy, unless `recycle` is set: then a frame is a view of the
 * shared ring that stays valid until the consumer asks for the next one (no copy, no allocation).
 * A `priority` above 0 is a nice value for ffmpeg and the reader thread (background work).
 */
export async function* pumpFrames(
  command: string,
  args: readonly string[],
  frameBytes: number,
  maxAhead = framesAhead(frameBytes),
  recycle = false,
  priority = 0,
): AsyncGenerator<Uint8Array, PumpOutcome> {
  const dir = await mkdtemp(join(tmpdir(), 'sarm-frames-'));
  try {
    const fifo = join(dir, 'frames');
    await promisify(execFile)('mkfifo', ['-m', '600', fifo]);
    return yield* pumpThroughFifo(
      command,
      args,
      dir,
      fifo,
      frameBytes,
      maxAhead,
      recycle,
      priority,
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function* pumpThroughFifo(
  command: string,
  args: readonly string[],
  dir: string,
  fifo: string,
  frameBytes: number,
  slots: number,
  recycle: boolean,
  priority: number,
): AsyncGenerator<Uint8Array, PumpOutcome> {
  const ring = new SharedArrayBuffer(frameBytes * slots);
  const control = new SharedArrayBuffer(5 * Int32Array.BYTES_PER_ELEMENT);
  const state = new Int32Array(control);
  const frames = new Uint8Array(ring);
  // Held open (read and write, which never blocks on Linux) until ffmpeg has opened the FIFO or
  // exited: meanwhile it lets the reader's blocking descriptor open at once, and it keeps that
  // descriptor from reading an end of file before ffmpeg has written anything.
  let keeper: number | undefined = openSync(fifo, constants.O_RDWR | constants.O_NONBLOCK);
  const fd = openSync(fifo, constants.O_RDONLY);
  // Once ffmpeg has opened the FIFO (or exited), its name is no longer needed: a process killed
  // later leaves nothing behind.
  const release = () => {
    if (keeper === undefined) return;
    closeSync(keeper);
    keeper = undefined;
    rmSync(dir, { recursive: true, force: true });
  };
  const reader = new Worker(READER_SOURCE, {
    eval: true,
    workerData: { fd, frameBytes, slots, ring, control, priority },
  });
  let readerError: string | undefined;
  const readerDone = new Promise<void>((resolve) => reader.once('exit', () => resolve()));
  reader.on('error', (error: Error) => (readerError = error.message));
  void readerDone.then(() => {
    Atomics.store(state, ENDED, 1);
    Atomics.add(state, SIGNAL, 1);
    Atomics.notify(state, SIGNAL);
  });

  let stderr = '';
  const child = spawn(command, [...args, '-y', fifo], { stdio: ['ignore', 'ignore', 'pipe'] });
  if (priority > 0 && child.pid !== undefined) lowerPriority(child.pid, priority);
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk: string) => (stderr = (stderr + chunk).slice(-4000)));
  const exited = new Promise<PumpOutcome>((resolve) => {
    child.once('error', (error) => {
      release();
      resolve({ code: -1, stderr: error.message });
    });
    child.once('close', (code, signal) => {
      release();
      const note = signal !== null ? `\nffmpeg was stopped by ${signal}` : '';
      resolve({ code, stderr: stderr + note });
    });
  });

  let read = 0;
  let finished = false;
  let outcome: PumpOutcome;
  try {
    for (;;) {
      const signal = Atomics.load(state, SIGNAL);
      // The reader counts its last frame before it ends, so once ended is seen, so is that frame.
      const ended = Atomics.load(state, ENDED) !== 0;
      if (read < Atomics.load(state, WRITTEN)) {
        // ffmpeg has opened the FIFO and keeps it open until it exits.
        release();
        const start = (read % slots) * frameBytes;
        const frame = frames.subarray(start, start + frameBytes);
        yield recycle ? frame : frame.slice();
        read += 1;
        Atomics.store(state, READ, read);
        Atomics.notify(state, READ);
        continue;
      }
      if (ended) break;
      await waitAsync(state, SIGNAL, signal).value;
    }
    finished = true;
  } finally {
    if (!finished) {
      // Frees the ring so a reader waiting for room wakes, sees STOP and leaves.
      Atomics.store(state, STOP, 1);
      Atomics.add(state, READ, slots);
      Atomics.notify(state, READ);
      child.kill('SIGKILL');
    }
    // Waiting here means that when the consumer's loop has ended, no ffmpeg is left running.
    outcome = await exited;
    await readerDone;
    closeSync(fd);
  }
  return readerError === undefined ? outcome : { code: -1, stderr: readerError };
}

/** Lowers a process's priority; a process that already exited is left alone. */
export function lowerPriority(pid: number, priority: number): void {
  try {
    setPriority(pid, priority);
  } catch {
    // ESRCH: the process ended already; its exit is reported by its own events.
  }
}
