/** A progress bar on stderr: redrawn in place on a terminal, one line per 10 % otherwise. */
export interface ProgressBar {
  setTotal(total: number): void;
  update(done: number): void;
  done(): void;
}

export function createProgressBar(label: string, total: number): ProgressBar {
  const tty = process.stderr.isTTY;
  let max = Math.max(1, total);
  let lastDecile = -1;
  let lastDraw = 0;
  const draw = (done: number) => {
    const fraction = Math.min(1, done / max);
    if (tty) {
      const now = Date.now();
      if (now - lastDraw < 100 && done < max) return;
      lastDraw = now;
      const width = 30;
      const filled = Math.round(fraction * width);
      process.stderr.write(
        `\r${label} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${(fraction * 100).toFixed(0)}% (${done}/${max})`,
      );
      return;
    }
    const decile = Math.floor(fraction * 10);
    if (decile > lastDecile) {
      lastDecile = decile;
      process.stderr.write(`${label}: ${decile * 10}% (${done}/${max})\n`);
    }
  };
  return {
    setTotal(value) {
      max = Math.max(1, value);
    },
    update: draw,
    done() {
      if (tty) process.stderr.write('\n');
    },
  };
}
