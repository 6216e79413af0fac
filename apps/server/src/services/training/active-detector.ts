import { RescaledDetector, type Detector } from '@sarm/casa';
import { savedHeadDetectorOf } from '@sarm/ml';
import { OnnxHeadDetector } from '@sarm/ml/node';
import type { DatasetsRepository } from '../../repositories/datasets.repository.js';
import type { ModelsRepository } from '../../repositories/models.repository.js';
import type { FileStorage } from '../../storage/storage.js';
import { readBundle } from './model-files.js';
import { inspectOnnxDetector, OnnxDetector } from './onnx-detector.js';
import { openStoredOnnxSession } from './onnx-model-files.js';

/** Which detector produced a stored result. */
export type DetectorInfo =
  | { readonly kind: 'classical' }
  | {
      readonly kind: 'model';
      readonly model_id: string;
      readonly name: string;
      readonly version: number;
    };

export const CLASSICAL_DETECTOR: DetectorInfo = { kind: 'classical' };

/** The detector to run and what to record of it; `detector` undefined means the classical one. */
export interface ActiveDetector {
  readonly info: DetectorInfo;
  readonly detector?: Detector;
}

/** Whether a stored result was made by this detector (results before models count as classical). */
export function sameDetector(stored: unknown, info: DetectorInfo): boolean {
  const recorded = (stored ?? CLASSICAL_DETECTOR) as DetectorInfo;
  if (recorded.kind !== info.kind) return false;
  return (
    recorded.kind === 'classical' ||
    (info.kind === 'model' &&
      recorded.model_id === info.model_id &&
      recorded.version === info.version)
  );
}

/**
 * The detector each project's analyses use: its deployed model, trained here or imported (both
 * run by ONNX Runtime, loaded once per model version and kept), else the built-in classical one.
 */
export function createActiveDetectors(deps: {
  models: Pick<ModelsRepository, 'deployedIn' | 'findRow'>;
  datasets: Pick<DatasetsRepository, 'findById'>;
  storage: FileStorage;
}) {
  const loaded = new Map<string, { version: number; detector: Detector; dispose: () => void }>();

  /** A trained detection model as a casa Detector (cached by id and version). */
  async function detectorOfModel(modelId: string): Promise<ActiveDetector> {
    const model = await deps.models.findRow(modelId);
    if (model?.fileKey === null || model === undefined || model.type !== 'detection')
      throw new Error('The model has no trained weights');
    const info: DetectorInfo = {
      kind: 'model',
      model_id: model.id,
      name: model.name,
      version: model.version,
    };
    const cached = loaded.get(model.id);
    if (cached?.version === model.version) return { info, detector: cached.detector };
    const opened =
      model.runtime === 'onnx'
        ? await openOnnxDetector(model.fileKey)
        : await openTrainedDetector(model.fileKey);
    cached?.dispose();
    loaded.set(model.id, { version: model.version, ...opened });
    return { info, detector: opened.detector };
  }

  /**
   * A model trained here: TensorFlow.js trained it, ONNX Runtime runs it (ten times faster). A
   * model that knows the scale of its training frames sees every frame resampled to that scale.
   */
  async function openTrainedDetector(fileKey: string) {
    const bundle = await readBundle(deps.storage, fileKey);
    const onnx = await OnnxHeadDetector.open(savedHeadDetectorOf(bundle.saved));
    const scale = bundle.metadata.um_per_pixel;
    const detector = scale === null ? onnx : new RescaledDetector(onnx, scale);
    return {
      detector,
      dispose: () => {
        void onnx.release().catch(() => undefined);
      },
    };
  }

  async function openOnnxDetector(fileKey: string) {
    const session = await openStoredOnnxSession(deps.storage, fileKey);
    try {
      const layout = await inspectOnnxDetector(session);
      return {
        detector: new OnnxDetector(session, layout),
        dispose: () => {
          void session.release().catch(() => undefined);
        },
      };
    } catch (error) {
      await session.release();
      throw error;
    }
  }

  async function forProject(projectId: string): Promise<ActiveDetector> {
    const model = await deps.models.deployedIn(projectId);
    return model === undefined ? { info: CLASSICAL_DETECTOR } : detectorOfModel(model.id);
  }

  async function forDataset(datasetId: string): Promise<ActiveDetector> {
    const found = await deps.datasets.findById(datasetId);
    return found === undefined ? { info: CLASSICAL_DETECTOR } : forProject(found.dataset.projectId);
  }

  return { forProject, forDataset, detectorOfModel };
}
export type ActiveDetectors = ReturnType<typeof createActiveDetectors>;
