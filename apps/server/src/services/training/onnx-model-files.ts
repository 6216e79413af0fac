import { InferenceSession, Tensor } from 'onnxruntime-node';
import { z } from 'zod';
import { putBytes, readStoredBytes } from '../../storage/read-stored.js';
import type { FileStorage } from '../../storage/storage.js';
import { modelFileKeys } from './model-files.js';

/** Why an ONNX file cannot be used; the messages name what is wrong (answered as 400). */
export const ONNX_MODEL_MESSAGES = {
  notOnnx: 'Not an ONNX model: the file could not be loaded',
  detectorShape:
    'A detection model must take one image input [1,1|3,H,W] and answer boxes [1,N,5+] (YOLO style) or a heat map [1,1,h,w]',
  classifierInput: 'A morphology model must take one crop input [1|N,1|2,S,S]',
  classifierOutput: (classes: number) =>
    `A morphology model must answer one score per class (${classes} classes)`,
} as const;

/** Thrown when a model opens but does not follow the expected shapes. */
export class OnnxModelShapeError extends Error {}

/** Storage keys of an imported ONNX model: the file as uploaded and what was learnt about it. */
export const onnxModelKeys = (modelId: string) => {
  const keys = modelFileKeys(modelId);
  return { model: keys.onnx, manifest: keys.onnxManifest };
};

/** The manifest beside an ONNX model file. */
const manifestKeyOf = (modelKey: string) => modelKey.replace(/model\.onnx$/, 'onnx-model.json');

/** What the import recorded of an ONNX model: the classes of a morphology model's scores. */
const OnnxManifestSchema = z.object({
  format: z.literal('sarm-onnx'),
  type: z.enum(['detection', 'morphology']),
  classes: z.array(z.string()),
});
export type OnnxManifest = z.infer<typeof OnnxManifestSchema>;

export async function writeOnnxManifest(
  storage: FileStorage,
  modelKey: string,
  manifest: OnnxManifest,
): Promise<void> {
  await putBytes(storage, manifestKeyOf(modelKey), Buffer.from(JSON.stringify(manifest, null, 2)));
}

export async function readOnnxManifest(
  storage: FileStorage,
  modelKey: string,
): Promise<OnnxManifest> {
  const bytes = await readStoredBytes(storage, manifestKeyOf(modelKey));
  return OnnxManifestSchema.parse(JSON.parse(Buffer.from(bytes).toString('utf8')));
}

/** Opens an ONNX model from its bytes; a file ONNX Runtime cannot load is refused. */
export async function openOnnxSession(bytes: Uint8Array): Promise<InferenceSession> {
  try {
    return await InferenceSession.create(bytes);
  } catch {
    throw new OnnxModelShapeError(ONNX_MODEL_MESSAGES.notOnnx);
  }
}

/** Opens a stored ONNX model. */
export async function openStoredOnnxSession(
  storage: FileStorage,
  key: string,
): Promise<InferenceSession> {
  const local = storage.localPath(key);
  return local === null
    ? InferenceSession.create(await readStoredBytes(storage, key))
    : InferenceSession.create(local);
}

/** A dimension's size when fixed, else `null` (symbolic or unknown). */
export const fixedDim = (dim: number | string | undefined): number | null =>
  typeof dim === 'number' && dim > 0 ? dim : null;

/** The one float tensor input of a session with a 4-D shape, else `null`. */
export function imageInputOf(session: InferenceSession) {
  if (session.inputMetadata.length !== 1) return null;
  const [input] = session.inputMetadata;
  if (input?.isTensor !== true || input.type !== 'float32' || input.shape.length !== 4) return null;
  return { name: input.name, shape: input.shape };
}

/** Runs the session on a zero input of `dims` and answers the first output's dims; `null` if it fails. */
export async function trialOutputDims(
  session: InferenceSession,
  inputName: string,
  dims: readonly number[],
): Promise<readonly number[] | null> {
  try {
    const size = dims.reduce((product, dim) => product * dim, 1);
    const input = new Tensor('float32', new Float32Array(size), dims);
    const result = await session.run({ [inputName]: input });
    const output = result[session.outputNames[0] ?? ''];
    return output instanceof Tensor && output.data instanceof Float32Array ? output.dims : null;
  } catch {
    return null;
  }
}
