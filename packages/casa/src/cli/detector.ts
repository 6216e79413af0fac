/**
 * `casa analyze --model`: a trained SARM detection model as the detector. The model runs on
 * @sarm/ml, which depends on this package, so it is imported at run time and never declared as a
 * dependency (that would be circular): in the SARM workspace it is there, elsewhere it must be
 * installed next to @sarm/casa.
 */
import type { Detector } from '../detect/types.js';

/** Which detector found the heads, as the output reports it. */
export type DetectorReport =
  | { readonly kind: 'classical' }
  | { readonly kind: 'model'; readonly name: string; readonly file: string };

/** The built-in detector, used without `--model`. */
export const CLASSICAL_DETECTOR: DetectorReport = { kind: 'classical' };

/** A detector loaded from a model file and what the output says about it. */
export interface ModelDetector {
  readonly detector: Detector;
  readonly report: DetectorReport;
}

/** Loads the model file at a path; the real one goes through @sarm/ml, tests may pass a fake. */
export type LoadModel = (path: string) => Promise<ModelDetector>;

/** Why `--model` cannot be used; `exitCode` 2 for a bad file, 1 when @sarm/ml is missing. */
export class ModelLoadError extends Error {
  constructor(
    message: string,
    readonly exitCode: 1 | 2,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'ModelLoadError';
  }
}

/** The part of @sarm/ml/node the CLI uses (typed here: casa cannot see ml's types). */
export interface MlNodeModule {
  loadDetectorFromModelFile(path: string): Promise<{
    readonly detector: Detector;
    readonly info: {
      readonly name: string;
      readonly type: 'detection';
      readonly classes: string[];
    };
  }>;
}

const ML_NODE = '@sarm/ml/node';

/** Imports @sarm/ml's Node entry; a variable specifier keeps TypeScript from following it. */
export async function importMlNode(): Promise<MlNodeModule> {
  const specifier: string = ML_NODE;
  return (await import(specifier)) as MlNodeModule;
}

/**
 * Loads a SARM detection model file through @sarm/ml. Throws a {@link ModelLoadError}: exit code
 * 1 when @sarm/ml cannot be imported, 2 when the file is missing, not a SARM model or a morphology
 * model (the message is @sarm/ml's, naming the file).
 */
export async function loadModelWithMl(
  path: string,
  importMl: () => Promise<MlNodeModule> = importMlNode,
): Promise<ModelDetector> {
  let ml: MlNodeModule;
  try {
    ml = await importMl();
    if (typeof ml.loadDetectorFromModelFile !== 'function') {
      throw new Error(`${ML_NODE} has no loadDetectorFromModelFile (an older version?)`);
    }
  } catch (error) {
    throw new ModelLoadError(
      `--model needs @sarm/ml, which could not be loaded: ${messageOf(error)}\n` +
        'Install @sarm/ml next to @sarm/casa (in the SARM repository: npm install, then npx tsc -b).',
      1,
      { cause: error },
    );
  }
  try {
    const { detector, info } = await ml.loadDetectorFromModelFile(path);
    return { detector, report: { kind: 'model', name: info.name, file: path } };
  } catch (error) {
    throw new ModelLoadError(messageOf(error), 2, { cause: error });
  }
}

/** One line of the human summary naming the detector. */
export function detectorLine(report: DetectorReport): string {
  return report.kind === 'classical'
    ? 'Detector: classical (built-in)'
    : `Detector: model "${report.name}" (${report.file})`;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
