import type { CasaSettings } from '../settings.js';
import type { GrayFrame } from '../types.js';
import { ClassicalDetector } from './classical-detector.js';
import { DarkRoundCellFinder } from './dark-round-cells.js';
import { PeakHeadDetector } from './peak-heads.js';
import type { Detection } from './types.js';

/** The engine's own detectors: synchronous; `settings` defaults to those they were made with. */
export interface EngineDetector {
  detect(frame: GrayFrame, settings?: CasaSettings): Detection[];
  /** What finds the heads, as the settings' `headFinding` chose it. */
  readonly headFinder: ClassicalDetector | PeakHeadDetector;
}

/**
 * The engine's own detector for the settings' `headFinding`: blobs (classical) or contrast peaks.
 * Where heads are dark, round cells are found on a smoothed map and their pieces taken out of the
 * heads (`DarkRoundCellFinder`); where they are bright, the classical detector tells them apart
 * itself.
 */
export function createHeadDetector(
  settings: CasaSettings,
  options: { readonly masks?: boolean } = {},
): EngineDetector {
  const heads =
    settings.headFinding === 'peaks'
      ? new PeakHeadDetector(settings, options)
      : new ClassicalDetector(settings, options);
  const roundCells = new DarkRoundCellFinder();
  return {
    headFinder: heads,
    detect(frame, frameSettings = settings) {
      const found = heads.detect(frame, frameSettings);
      return frameSettings.polarity === 'dark'
        ? roundCells.apply(frame, frameSettings, found)
        : found;
    },
  };
}
