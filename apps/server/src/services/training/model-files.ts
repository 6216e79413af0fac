import { type ModelBundle, packModelBundle, unpackModelBundle } from '@sarm/ml';
import { putBytes, readStoredBytes } from '../../storage/read-stored.js';
import type { FileStorage } from '../../storage/storage.js';

/** Storage keys of a model's files. */
export const modelFileKeys = (modelId: string) => ({
  /** The kept weights (best epoch) as a SARM model zip, or an imported file. */
  model: `models/${modelId}/model.zip`,
  /** Weights after the last finished epoch of a running training, to resume from. */
  checkpoint: `models/${modelId}/checkpoint.zip`,
  /** The best epoch so far of a running training. */
  best: `models/${modelId}/best.zip`,
  /** An imported ONNX model as uploaded, and what its import learnt of it (classes). */
  onnx: `models/${modelId}/model.onnx`,
  onnxManifest: `models/${modelId}/onnx-model.json`,
});

/** Reads a stored SARM model zip. */
export async function readBundle(storage: FileStorage, key: string): Promise<ModelBundle> {
  return unpackModelBundle(await readStoredBytes(storage, key));
}

/** Stores a SARM model zip. */
export async function writeBundle(
  storage: FileStorage,
  key: string,
  bundle: ModelBundle,
): Promise<void> {
  await putBytes(storage, key, packModelBundle(bundle));
}

/** Deletes every file of a model. */
export async function deleteModelFiles(storage: FileStorage, modelId: string): Promise<void> {
  for (const key of Object.values(modelFileKeys(modelId))) await storage.delete(key);
}
