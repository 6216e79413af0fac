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
