import type { CasaSettings } from '../settings.js';
import { ClassicalDetector } from './classical-detector.js';
import { PeakHeadDetector } from './peak-heads.js';

/** The engine's own detectors: synchronous, with the classical detector's options. */
export type EngineDetector = ClassicalDetector | PeakHeadDetector;

/** The engine's own detector for the settings' `headFinding`: blobs (classical) or contrast peaks. */
export function createHeadDetector(
  settings: CasaSettings,
  options: { readonly masks?: boolean } = {},
): EngineDetector {
  return settings.headFinding === 'peaks'
    ? new PeakHeadDetector(settings, options)
    : new ClassicalDetector(settings, options);
}
