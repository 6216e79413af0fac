import type { ValidationFrame } from '@sarm/contracts';
import type { DetectionSample } from '@sarm/ml';
import { decodeGray } from '../../media/detection-images.js';
import { localFile, withTempDir } from '../../media/ffmpeg.js';
import type { FileStorage } from '../../storage/storage.js';
import type { LabelledBoxRow } from '../../repositories/training-data.repository.js';

/**
 * Detector training samples: each labelled frame with every box the labels hold on it (a box in
 * two labels counts once). The frames a label holds are taken as fully annotated: heads left out
 * of a labelled frame teach the detector that they are background. `frames[i]` names the frame of
 * `samples[i]`.
 */
export async function detectionSamples(
  storage: FileStorage,
  rows: readonly LabelledBoxRow[],
): Promise<{ samples: DetectionSample[]; frames: ValidationFrame[] }> {
  const byFrame = new Map<string, LabelledBoxRow[]>();
  const seen = new Set<string>();
  for (const row of rows) {
    if (seen.has(row.detectionId)) continue;
    seen.add(row.detectionId);
    const list = byFrame.get(row.frameId) ?? [];
    list.push(row);
    byFrame.set(row.frameId, list);
  }
  return withTempDir(async (dir) => {
    const samples: DetectionSample[] = [];
    const frames: ValidationFrame[] = [];
    for (const list of byFrame.values()) {
      const first = list[0];
      if (first === undefined) continue;
      const file = await localFile(storage, first.frameKey, dir);
      const data = await decodeGray(file, first.frameWidth, first.frameHeight);
      samples.push({
        frame: { width: first.frameWidth, height: first.frameHeight, data: Uint8Array.from(data) },
        boxes: list.map(({ x1, y1, x2, y2 }) => ({ x1, y1, x2, y2 })),
      });
      frames.push({
        frame_id: first.frameId,
        video_id: first.videoId,
        video_name: first.videoName,
        frame_number: first.frameNumber,
      });
    }
    return { samples, frames };
  });
}
