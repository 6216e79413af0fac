/** A progress bar on stderr: redrawn in place on a terminal, one line per 10 % otherwise. */

/** Handle of a running progress bar. */
export interface ProgressBar {
  /** Changes the total (for work whose size becomes known late). */
  setTotal(total: number): void;
  /** Reports that `done` units of the total are finished. */
  update(done: number): void;
  /** Ends the bar (finishes the line on a terminal). */
  done(): void;
}

/** The part of a stream the bar writes to (process.stderr by default). */
export interface ProgressStream {
  readonly isTTY?: boolean;
  write(text: string): unknown;
}

const BAR_WIDTH = 30;
const REDRAW_MS = 100;

/**
 * Creates a progress bar labelled `label` for `total` units. On a TTY it redraws one line in place
 * (at most every 100 ms); otherwise it prints one line at every further 10 %.
 */
export function createProgressBar(
  label: string,
  total: number,
  stream: ProgressStream = process.stderr,
): ProgressBar {
  const tty = stream.isTTY === true;
  let max = Math.max(1, total);
  let lastDecile = -1;
  let lastDraw = 0;
  let last = 0;
  let finished = false;
  const draw = (done: number): void => {
    last = done;
    const fraction = Math.min(1, Math.max(0, done / max));
    const percent = Math.floor(fraction * 100);
    if (tty) {
      const now = Date.now();
      if (now - lastDraw < REDRAW_MS && done < max) return;
      lastDraw = now;
      const filled = Math.round(fraction * BAR_WIDTH);
      const bar = `${'#'.repeat(filled)}${'.'.repeat(BAR_WIDTH - filled)}`;
      stream.write(`\r${label} [${bar}] ${String(percent).padStart(3)}% (${done}/${max})`);
      return;
    }
    const decile = Math.floor(fraction * 10);
    if (decile > lastDecile) {
      lastDecile = decile;
      stream.write(`${label}: ${decile * 10}% (${done}/${max})\n`);
    }
  };
  return {
    setTotal(value) {
      max = Math.max(1, value);
    },
    update: draw,
    done() {
      if (finished) return;
      finished = true;
      if (tty) {
        lastDraw = 0;
        draw(Math.max(last, max));
        stream.write('\n');
      } else if (lastDecile < 10) draw(max);
    },
  };
}

/** Progress of a batch of videos: which video, its own progress and the whole batch's. */
export interface BatchProgress {
  /** Video `index` (0-based) named `name` starts. */
  start(index: number, name: string): void;
  /** Fraction 0..1 of the current video done. */
  update(fraction: number): void;
  /** The current video ended; `outcome` is shown on the line (e.g. "ok" or the error). */
  finish(outcome: string): void;
}

const BATCH_BAR_WIDTH = 20;

function blockBar(fraction: number, width: number): string {
  const filled = Math.round(Math.min(1, Math.max(0, fraction)) * width);
  return `${'█'.repeat(filled)}${'░'.repeat(width - filled)}`;
}

/**
 * A batch progress line, `[3/12] name.mp4 ███░░ 45%  all ██░░░ 20%`, redrawn in place on a
 * terminal (at most every 100 ms). Elsewhere (a log file, CI) it prints a plain line when a video
 * starts and one when it ends.
 */
export function createBatchProgress(total: number, stream: ProgressStream): BatchProgress {
  const tty = stream.isTTY === true;
  let index = 0;
  let name = '';
  let lastDraw = 0;
  const prefix = () => `[${index + 1}/${total}] ${name}`;
  const draw = (fraction: number, force: boolean): void => {
    const now = Date.now();
    if (!force && now - lastDraw < REDRAW_MS) return;
    lastDraw = now;
    const overall = (index + fraction) / Math.max(1, total);
    const percent = String(Math.floor(fraction * 100)).padStart(3);
    const all = String(Math.floor(overall * 100)).padStart(3);
    stream.write(
      `\r\x1b[K${prefix()} ${blockBar(fraction, BATCH_BAR_WIDTH)} ${percent}%  all ${blockBar(overall, 10)} ${all}%`,
    );
  };
  return {
    start(i, videoName) {
      index = i;
      name = videoName;
      if (tty) draw(0, true);
      else stream.write(`${prefix()} ...\n`);
    },
    update(fraction) {
      if (tty) draw(fraction, false);
    },
    finish(outcome) {
      if (tty) stream.write(`\r\x1b[K${prefix()} ${outcome}\n`);
      else stream.write(`${prefix()} ${outcome}\n`);
    },
  };
}
