import type { MorphologyCrop, PixelBox } from '@sarm/ml';
import { cropRect, decodeGray } from '../../media/detection-images.js';
import { localFile, withTempDir } from '../../media/ffmpeg.js';
import { decodeGrayPng } from '../../media/png.js';
import { readStoredBytes } from '../../storage/read-stored.js';
import type { FileStorage } from '../../storage/storage.js';

/** Where a crop comes from: a box on a stored frame, the crop margin, and its mask PNG if any. */
export interface CropSource {
  readonly frameKey: string;
  readonly frameWidth: number;
  readonly frameHeight: number;
  readonly box: PixelBox;
  readonly marginPx: number;
  /** A mask PNG over the crop's region (white on the cell), as segmentation stores them. */
  readonly maskKey: string | null;
}

/**
 * Cuts grey crops (the box grown by the margin, as the crop JPEGs are cut) from the frames, with
 * their masks as 0/1 when a mask of the same region is stored. Frames are decoded once each;
 * crops come back in the order of `sources`.
 */
export async function cutCrops(
  storage: FileStorage,
  sources: readonly CropSource[],
): Promise<MorphologyCrop[]> {
  const order = sources.map((source, index) => ({ source, index }));
  const byFrame = new Map<string, typeof order>();
  for (const entry of order)
    byFrame.set(entry.source.frameKey, [...(byFrame.get(entry.source.frameKey) ?? []), entry]);
  const crops = new Array<MorphologyCrop>(sources.length);
  await withTempDir(async (dir) => {
    for (const entries of byFrame.values()) {
      const first = entries[0]?.source;
      if (first === undefined) continue;
      const file = await localFile(storage, first.frameKey, dir);
      const frame = await decodeGray(file, first.frameWidth, first.frameHeight);
      for (const { source, index } of entries) {
        const r = cropRect(source.box, source.frameWidth, source.frameHeight, source.marginPx);
        const data = new Uint8Array(r.w * r.h);
        for (let y = 0; y < r.h; y++)
          data.set(
            frame.subarray(
              (r.y + y) * source.frameWidth + r.x,
              (r.y + y) * source.frameWidth + r.x + r.w,
            ),
            y * r.w,
          );
        const mask = await maskOf(storage, source.maskKey, r.w, r.h);
        crops[index] = {
          crop: { width: r.w, height: r.h, data },
          ...(mask === undefined ? {} : { mask }),
        };
      }
    }
  });
  return crops;
}

async function maskOf(
  storage: FileStorage,
  key: string | null,
  width: number,
  height: number,
): Promise<Uint8Array | undefined> {
  if (key === null || (await storage.stat(key)) === null) return undefined;
  const png = decodeGrayPng(await readStoredBytes(storage, key));
  if (png.width !== width || png.height !== height) return undefined;
  return png.pixels.map((value) => (value > 127 ? 1 : 0));
}
