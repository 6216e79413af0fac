/** Messages between `analyzeVideoInThread` and its analysis thread. */
import type { AnalysisResult } from '../analyze/result.js';
import type { CasaSettings } from '../settings.js';

/** What the analysis thread is started with. */
export interface AnalysisThreadSetup {
  /** Its nice value (and that of its frame readers and ffmpeg); 0 leaves the priority alone. */
  readonly priority: number;
}

/** What the analysis thread is asked: start an analysis, or stop one at its next frame. */
export type AnalysisThreadRequest =
  | {
      readonly start: number;
      readonly path: string;
      readonly settings: CasaSettings;
      readonly includeDetections?: boolean;
      readonly autoPolarity?: boolean;
    }
  | { readonly stop: number };

/** What the analysis thread posts back, per analysis id. */
export type AnalysisThreadMessage = { readonly id: number } & (
  | { readonly progress: readonly [done: number, total: number] }
  | { readonly result: AnalysisResult }
  | {
      readonly failed: {
        readonly message: string;
        readonly file?: string;
        readonly reason?: string;
      };
    }
);

/** Progress is posted at most this often per analysis (and at its last frame), ms. */
export const PROGRESS_INTERVAL_MS = 50;
