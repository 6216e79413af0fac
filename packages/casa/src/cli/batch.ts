/** `casa analyze FOLDER`: every video of a folder, one CSV row each. */
import type { Dirent } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { basename, extname, join, relative } from 'node:path';
import type { AnalysisResult } from '../analyze/result.js';
import type { Detector } from '../detect/types.js';
import type { CasaSettings } from '../settings.js';
import type { VideoOutcome } from './csv.js';
import { createBatchProgress } from './progress.js';
import type { ProgressStream } from './progress.js';

/** File extensions (lower case, no dot) taken as videos in batch mode. */
export const VIDEO_EXTENSIONS: readonly string[] = [
  'mp4',
  'avi',
  'mov',
  'mkv',
  'webm',
  'm4v',
  'wmv',
  'mpg',
  'mpeg',
];

/**
 * The video files of `folder` (by extension, case-insensitive), sorted by their path relative to
 * the folder; subfolders only when `recursive`. Hidden files (a leading dot) are skipped.
 */
export async function listVideoFiles(folder: string, recursive: boolean): Promise<string[]> {
  const found: string[] = [];
  const visit = async (dir: string): Promise<void> => {
    const entries: Dirent[] = await readdir(dir, { withFileTypes: true });
    for (const entry of entries) {
      if (entry.name.startsWith('.')) continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (recursive) await visit(path);
      } else if (entry.isFile() && isVideoName(entry.name)) found.push(path);
    }
  };
  await visit(folder);
  const key = (p: string) => relative(folder, p);
  return found.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}

function isVideoName(name: string): boolean {
  return VIDEO_EXTENSIONS.includes(extname(name).slice(1).toLowerCase());
}

/** Analyses one video; the batch passes the real one (ffmpeg) and tests may pass a fake. */
export type AnalyzeOne = (
  path: string,
  settings: CasaSettings,
  onProgress: (done: number, total: number) => void,
  options?: {
    readonly autoPolarity?: boolean;
    readonly includeDetections?: boolean;
    /** Replaces the classical detector (`--model`). */
    readonly detector?: Detector;
  },
) => Promise<AnalysisResult>;

/**
 * Analyses `files` one after another. A video that fails becomes a `failed` outcome with the
 * error's message and the batch goes on; `onOutcome` sees each outcome as soon as it is known (so
 * the CSV grows while the batch runs). `label` names a file in the CSV and on the progress line.
 */
export async function analyzeBatch(
  files: readonly string[],
  settings: CasaSettings,
  analyze: AnalyzeOne,
  options: {
    readonly stderr: ProgressStream;
    readonly label?: (path: string) => string;
    readonly onOutcome: (outcome: VideoOutcome) => Promise<void> | void;
  },
): Promise<VideoOutcome[]> {
  const label = options.label ?? ((p: string) => basename(p));
  const progress = createBatchProgress(files.length, options.stderr);
  const outcomes: VideoOutcome[] = [];
  for (const [i, path] of files.entries()) {
    const file = label(path);
    progress.start(i, file);
    let outcome: VideoOutcome;
    try {
      const result = await analyze(path, settings, (done, total) =>
        progress.update(total > 0 ? Math.min(1, done / total) : 0),
      );
      outcome = { file, status: 'ok', result };
      const c = result.concentration.mean_concentration_million_per_ml.toFixed(1);
      progress.finish(`ok: ${c} million/ml, ${result.polarity.used} heads`);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      outcome = { file, status: 'failed', error: message };
      progress.finish(`failed: ${message}`);
    }
    outcomes.push(outcome);
    await options.onOutcome(outcome);
  }
  return outcomes;
}
