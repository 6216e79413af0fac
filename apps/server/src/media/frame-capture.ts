import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { jpegQScale, MediaError, runFfmpeg } from './ffmpeg.js';

/** ffmpeg's select expression grows with the frame list; long lists go in several runs. */
const FRAMES_PER_RUN = 40;

/**
 * Decodes exactly the listed frames (0-based indices) of a video into JPEG files in `dir`,
 * answering each frame number's file. Frames past the end of the video are missing from the
 * answer.
 */
export async function captureFrames(
  source: string,
  frameNumbers: readonly number[],
  dir: string,
  quality = 95,
): Promise<Map<number, { file: string; size: number }>> {
  const wanted = [...new Set(frameNumbers)].sort((a, b) => a - b);
  const captured = new Map<number, { file: string; size: number }>();
  for (let start = 0; start < wanted.length; start += FRAMES_PER_RUN) {
    const group = wanted.slice(start, start + FRAMES_PER_RUN);
    const prefix = `capture_${start}_`;
    await runFfmpeg([
      '-i',
      source,
      '-vf',
      `select='${group.map((n) => `eq(n\\,${n})`).join('+')}'`,
      '-vsync',
      '0',
      '-q:v',
      String(jpegQScale(quality)),
      path.join(dir, `${prefix}%05d.jpg`),
    ]);
    const files = (await readdir(dir)).filter((name) => name.startsWith(prefix)).sort();
    for (const [index, name] of files.entries()) {
      const frameNumber = group[index];
      if (frameNumber === undefined) break;
      const file = path.join(dir, name);
      captured.set(frameNumber, { file, size: (await stat(file)).size });
    }
  }
  if (wanted.length > 0 && captured.size === 0)
    throw new MediaError('No frame could be decoded (the file may be truncated or corrupt)');
  return captured;
}
