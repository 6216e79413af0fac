import type { MaskMorphometryFigures } from '@sarm/contracts';
import { maskMorphometry } from '@sarm/casa';
import { buffer } from 'node:stream/consumers';
import type { DetectionRow } from '../db/schema/index.js';
import { decodeGrayPng } from '../media/png.js';
import { StorageError, type FileStorage } from '../storage/storage.js';
import { maskKey } from './detection-runner.js';

/**
 * Head morphometry of a detection's stored mask (white on the head, the crop's size) in µm at its
 * dataset's scale: measured once when the mask goes into a morphology label, so lists and exports
 * read it instead of decoding every mask. Null when the detection has no mask or its file is gone.
 */
export function createMaskMeasure(deps: {
  storage: FileStorage;
  umPerPixel: (videoId: string) => Promise<number>;
}) {
  return async function measure(
    detection: DetectionRow,
    videoId: string,
  ): Promise<MaskMorphometryFigures | null> {
    if (!detection.hasMask) return null;
    let png: ReturnType<typeof decodeGrayPng>;
    try {
      png = decodeGrayPng(new Uint8Array(await buffer(await deps.storage.get(maskKey(detection)))));
    } catch (error) {
      if (error instanceof StorageError && error.kind === 'not_found') return null;
      throw error;
    }
    const m = maskMorphometry(
      png.pixels.map((value) => (value === 0 ? 0 : 1)),
      png.width,
      png.height,
      await deps.umPerPixel(videoId),
    );
    return {
      area_um2: m.area_um2,
      perimeter_um: m.perimeter_um,
      length_um: m.length_um,
      width_um: m.width_um,
      ellipticity: m.ellipticity,
      elongation: m.elongation,
      regularity: m.regularity,
    };
  };
}
export type MaskMeasure = ReturnType<typeof createMaskMeasure>;
