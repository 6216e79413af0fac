import type { ValidationFrame } from '@sarm/contracts';
import type { DetectionSample, DetectionSampleSource } from '@sarm/ml';
import { decodeGray } from '../../media/detection-images.js';
import { localFile, withTempDir } from '../../media/ffmpeg.js';
import type { FileStorage } from '../../storage/storage.js';
import type { LabelledBoxRow } from '../../repositories/training-data.repository.js';

/** A detector's training data: frames read on demand, and what each one is. */
export interface DetectionTrainingData {
  /** Sample i reads and decodes its frame from storage when loaded: no frame is held. */
  readonly source: DetectionSampleSource;
  /** `frames[i]` names the frame of sample i. */
  readonly frames: ValidationFrame[];
}

/** Frames decoded at once (each an ffmpeg process): the trainer asks for a whole batch at a time. */
const DECODES_AT_ONCE = 2;

/**
 * Detector training samples: each labelled frame with every box the labels hold on it (a box in
 * two labels counts once). The frames a label holds are taken as fully annotated: heads left out
 * of a labelled frame teach the detector that they are background. The boxes are kept (they are
 * small); a frame's pixels are read from storage and decoded each time its sample is loaded, so a
 * label of thousands of frames trains in the memory of a few batches.
 */
export function detectionSampleSource(
  storage: FileStorage,
  rows: readonly LabelledBoxRow[],
): DetectionTrainingData {
  const byFrame = new Map<string, LabelledBoxRow[]>();
  const seen = new Set<string>();
  for (const row of rows) {
    if (seen.has(row.detectionId)) continue;
    seen.add(row.detectionId);
    const list = byFrame.get(row.frameId) ?? [];
    list.push(row);
    byFrame.set(row.frameId, list);
  }
  const entries = [...byFrame.values()].flatMap((list) => {
    const first = list[0];
    if (first === undefined) return [];
    const boxes = list.map(({ x1, y1, x2, y2 }) => ({ x1, y1, x2, y2 }));
    return [{ first, boxes }];
  });
  const frames: ValidationFrame[] = entries.map(({ first }) => ({
    frame_id: first.frameId,
    video_id: first.videoId,
    video_name: first.videoName,
    frame_number: first.frameNumber,
  }));
  const limited = limitConcurrency(DECODES_AT_ONCE);
  return {
    frames,
    source: {
      count: entries.length,
      async load(index): Promise<DetectionSample> {
        const entry = entries[index];
        if (entry === undefined) throw new RangeError(`No labelled frame ${index}`);
        const { first, boxes } = entry;
        const data = await limited(() => readFrame(storage, first));
        return { frame: { width: first.frameWidth, height: first.frameHeight, data }, boxes };
      },
    },
  };
}

/** Runs the tasks given to it at most `limit` at a time, in the order given. */
function limitConcurrency(limit: number): <T>(task: () => Promise<T>) => Promise<T> {
  let running = 0;
  const queue: (() => void)[] = [];
  const next = () => {
    if (running >= limit) return;
    const start = queue.shift();
    if (start === undefined) return;
    running += 1;
    start();
  };
  return <T>(task: () => Promise<T>) =>
    new Promise<T>((resolve, reject) => {
      queue.push(() => {
        task()
          .then(resolve, reject)
          .finally(() => {
            running -= 1;
            next();
          });
      });
      next();
    });
}

/** A frame's grey pixels, decoded from its stored image (copied through a temp dir if remote). */
async function readFrame(storage: FileStorage, row: LabelledBoxRow): Promise<Uint8Array> {
  const decode = (file: string) => decodeGray(file, row.frameWidth, row.frameHeight);
  const direct = storage.localPath(row.frameKey);
  if (direct !== null) return decode(direct);
  return withTempDir(async (dir) => decode(await localFile(storage, row.frameKey, dir)));
}
