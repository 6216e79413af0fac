import { closeSync, mkdirSync, openSync, renameSync, statSync, writeSync } from 'node:fs';
import path from 'node:path';

/**
 * An append-only log file that never grows past `maxBytes`: when a write would cross the limit,
 * the file becomes `<name>.1` (replacing the previous one) and a new file starts. At most twice
 * `maxBytes` stay on disk. Writes are synchronous, so nothing is lost when the process exits.
 */
export function createRotatingFile(file: string, maxBytes: number) {
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  let fd = openSync(file, 'a', 0o600);
  let size = statSync(file).size;

  function rotate() {
    closeSync(fd);
    renameSync(file, `${file}.1`);
    fd = openSync(file, 'a', 0o600);
    size = 0;
  }

  return {
    write(line: string): void {
      const bytes = Buffer.byteLength(line);
      if (size > 0 && size + bytes > maxBytes) rotate();
      writeSync(fd, line);
      size += bytes;
    },
    close(): void {
      closeSync(fd);
    },
  };
}
