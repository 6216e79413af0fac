import { basename } from 'node:path';

/** A video file that ffmpeg cannot open or decode; the message names the file and the reason. */
export class VideoReadError extends Error {
  readonly file: string;
  readonly reason: string;

  constructor(file: string, reason: string) {
    super(`Cannot read video "${basename(file)}": ${reason}`);
    this.name = 'VideoReadError';
    this.file = file;
    this.reason = reason;
  }
}

/** The most telling line of ffmpeg's stderr (its last non-empty line, without the file prefix). */
export function ffmpegReason(stderr: string, file: string): string {
  const lines = stderr
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l.length > 0);
  const last = lines.at(-1) ?? 'unknown error';
  const prefix = `${file}: `;
  return last.startsWith(prefix) ? last.slice(prefix.length) : last;
}
