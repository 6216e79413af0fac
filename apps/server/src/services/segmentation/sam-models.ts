import { SamModelManifestSchema, type SamModelId, type SamModelManifest } from '@sarm/contracts';
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { InferenceSession, Tensor } from 'onnxruntime-node';
import { badRequest, notFound } from '../../http/errors.js';
import { readStoredBytes } from '../../storage/read-stored.js';
import type { FileStorage } from '../../storage/storage.js';
import {
  missingSamName,
  pixelHash,
  samImageTensor,
  samInputSize,
  samMaskFromLogits,
  samPromptTensors,
  samResizedShape,
  type SamCropImage,
  type SamPromptPoint,
} from './sam-onnx.js';

/** Where an imported pair lives: storage is the record (no table). */
export const samModelFolder = (id: SamModelId) => `models/segmentation/${id}`;
const encoderKey = (id: SamModelId) => `${samModelFolder(id)}/encoder.onnx`;
const decoderKey = (id: SamModelId) => `${samModelFolder(id)}/decoder.onnx`;
const manifestKey = (id: SamModelId) => `${samModelFolder(id)}/manifest.json`;
const STAGING = 'models/segmentation/staging';

/** Embeddings kept for repeated prompts on the same crop: a few, for a few minutes. */
const EMBEDDING_CACHE_SIZE = 8;
const EMBEDDING_TTL_MS = 5 * 60_000;
/** How long a manifest read is trusted: another server process may import or uninstall. */
const MANIFEST_TTL_MS = 30_000;

interface LoadedPair {
  /** The manifest's `installed_at` the sessions were opened for. */
  readonly installedAt: string;
  readonly encoder: InferenceSession;
  readonly decoder: InferenceSession;
  readonly size: number;
}

/** A model file streamed to a staging key before it is checked. */
export interface StagedModelFile {
  readonly key: string;
  readonly size: number;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * Imported SAM-family ONNX encoder/decoder pairs (one per SAM id), run with onnxruntime-node.
 * Sessions are cached per model id and reopened on import, uninstall or a changed manifest (another
 * process imported); the encoder's embedding is cached per crop (keyed by its pixels) since
 * several prompts hit the same crop.
 */
export function createSamModels(deps: { storage: FileStorage; now: () => Date }) {
  const manifests = new Map<SamModelId, { value: SamModelManifest | null; expires: number }>();
  const sessions = new Map<SamModelId, Promise<LoadedPair>>();
  const embeddings = new Map<string, { tensor: Tensor; expires: number }>();

  async function openSession(key: string): Promise<InferenceSession> {
    const local = deps.storage.localPath(key);
    return local === null
      ? InferenceSession.create(await readStoredBytes(deps.storage, key))
      : InferenceSession.create(local);
  }

  /** The installed pair's record, or `null`. */
  async function manifest(id: SamModelId): Promise<SamModelManifest | null> {
    const now = deps.now().getTime();
    const known = manifests.get(id);
    if (known !== undefined && known.expires > now) return known.value;
    let found: SamModelManifest | null = null;
    if ((await deps.storage.stat(manifestKey(id))) !== null) {
      const text = Buffer.from(await readStoredBytes(deps.storage, manifestKey(id))).toString();
      // An unreadable manifest means no usable pair: the id runs the built-in segmenter.
      const parsed = SamModelManifestSchema.safeParse(parseJson(text));
      found = parsed.success ? parsed.data : null;
    }
    manifests.set(id, { value: found, expires: now + MANIFEST_TTL_MS });
    return found;
  }

  /** Drops the cached record and sessions of the id (after an import or uninstall). */
  async function forget(id: SamModelId): Promise<void> {
    manifests.delete(id);
    await closeSessions(id);
  }

  async function closeSessions(id: SamModelId): Promise<void> {
    embeddings.clear();
    const loaded = sessions.get(id);
    sessions.delete(id);
    if (loaded !== undefined) {
      const pair = await loaded.catch(() => null);
      await Promise.all([pair?.encoder.release(), pair?.decoder.release()]);
    }
  }

  /** Streams an uploaded file to a staging key (checked and moved by `install`). */
  async function stage(data: Readable): Promise<StagedModelFile> {
    const key = `${STAGING}/${randomUUID()}.onnx`;
    const { size } = await deps.storage.put(key, data);
    return { key, size };
  }

  /** Opens a staged file and checks the convention's names; 400 naming what is wrong. */
  async function check(kind: 'encoder' | 'decoder', file: StagedModelFile) {
    let session: InferenceSession;
    try {
      session = await openSession(file.key);
    } catch {
      throw badRequest(`Not an ONNX model: the ${kind} file could not be loaded`);
    }
    try {
      const missing = missingSamName(kind, session);
      if (missing !== null) throw badRequest(missing);
      if (kind === 'decoder') return 0;
      const image = session.inputMetadata.find((input) => input.name === 'image');
      const size = image?.isTensor === true ? samInputSize(image.shape) : null;
      if (size === null)
        throw badRequest("The encoder's 'image' input must have the fixed shape [1,3,S,S]");
      return size;
    } finally {
      await session.release();
    }
  }

  /**
   * Checks both staged files, then stores them under the model id with their manifest (written
   * last: it is what marks the pair installed). Staged files are removed either way.
   */
  async function install(
    id: SamModelId,
    files: { encoder: StagedModelFile; decoder: StagedModelFile },
    by: { userId: string; name?: string | undefined },
  ): Promise<SamModelManifest> {
    try {
      const size = await check('encoder', files.encoder);
      await check('decoder', files.decoder);
      await forget(id);
      await deps.storage.delete(manifestKey(id));
      await deps.storage.move(files.encoder.key, encoderKey(id));
      await deps.storage.move(files.decoder.key, decoderKey(id));
      const record: SamModelManifest = {
        model_id: id,
        name: by.name === undefined || by.name.trim() === '' ? id : by.name.trim(),
        input_size: size,
        installed_at: deps.now().toISOString(),
        installed_by: by.userId,
        encoder_bytes: files.encoder.size,
        decoder_bytes: files.decoder.size,
      };
      await deps.storage.put(
        manifestKey(id),
        Readable.from([Buffer.from(JSON.stringify(record, null, 2))]),
      );
      await forget(id);
      return record;
    } finally {
      await discard(files.encoder, files.decoder);
    }
  }

  /** Removes staged files that were not installed. */
  async function discard(...files: (StagedModelFile | undefined)[]): Promise<void> {
    for (const file of files)
      if (file !== undefined && file.key.startsWith(`${STAGING}/`))
        await deps.storage.delete(file.key);
  }

  /** Removes the pair; 404 when none is installed. */
  async function uninstall(id: SamModelId): Promise<void> {
    if ((await manifest(id)) === null) throw notFound(`No imported model for ${id}`);
    await deps.storage.delete(manifestKey(id));
    await forget(id);
    await deps.storage.delete(encoderKey(id));
    await deps.storage.delete(decoderKey(id));
  }

  /** The pair's sessions, reopened when the manifest changed (an import by another process). */
  async function load(id: SamModelId): Promise<LoadedPair> {
    const record = await manifest(id);
    if (record === null) {
      await closeSessions(id);
      throw notFound(`No imported model for ${id}`);
    }
    const cached = sessions.get(id);
    if (cached !== undefined) {
      const pair = await cached;
      if (pair.installedAt === record.installed_at) return pair;
      await closeSessions(id);
    }
    const loading = (async () => {
      const [encoder, decoder] = await Promise.all([
        openSession(encoderKey(id)),
        openSession(decoderKey(id)),
      ]);
      return { installedAt: record.installed_at, encoder, decoder, size: record.input_size };
    })();
    sessions.set(id, loading);
    loading.catch(() => sessions.delete(id));
    return loading;
  }

  async function embed(
    id: SamModelId,
    pair: LoadedPair,
    crop: SamCropImage,
    cropKey: string,
  ): Promise<Tensor> {
    const key = `${id}:${pair.installedAt}:${cropKey}:${crop.width}x${crop.height}:${pixelHash(crop.data)}`;
    const now = deps.now().getTime();
    const hit = embeddings.get(key);
    embeddings.delete(key);
    if (hit !== undefined && hit.expires > now) {
      embeddings.set(key, hit);
      return hit.tensor;
    }
    const image = new Tensor('float32', samImageTensor(crop, pair.size), [
      1,
      3,
      pair.size,
      pair.size,
    ]);
    const output = (await pair.encoder.run({ image }))['image_embeddings'];
    if (!(output instanceof Tensor)) throw new Error('The encoder answered no image_embeddings');
    embeddings.set(key, { tensor: output, expires: now + EMBEDDING_TTL_MS });
    for (const oldest of embeddings.keys()) {
      if (embeddings.size <= EMBEDDING_CACHE_SIZE) break;
      embeddings.delete(oldest);
    }
    return output;
  }

  /**
   * The installed pair's mask of the crop for the points (crop pixels): the best of the
   * decoder's masks, with its predicted IoU as confidence.
   */
  async function segment(
    id: SamModelId,
    crop: SamCropImage,
    points: readonly SamPromptPoint[],
    cropKey: string,
  ): Promise<{ mask: Uint8Array; confidence: number }> {
    const pair = await load(id);
    const embedding = await embed(id, pair, crop, cropKey);
    const { scale } = samResizedShape(crop.width, crop.height, pair.size);
    const prompt = samPromptTensors(points, scale);
    const lowRes = Math.max(1, Math.floor(pair.size / 4));
    const result = await pair.decoder.run({
      image_embeddings: embedding,
      point_coords: new Tensor('float32', prompt.coords, [1, prompt.count, 2]),
      point_labels: new Tensor('float32', prompt.labels, [1, prompt.count]),
      mask_input: new Tensor('float32', new Float32Array(lowRes * lowRes), [1, 1, lowRes, lowRes]),
      has_mask_input: new Tensor('float32', new Float32Array([0]), [1]),
      orig_im_size: new Tensor('float32', new Float32Array([crop.height, crop.width]), [2]),
    });
    const masks = result['masks'];
    const iou = result['iou_predictions'];
    if (
      !(masks instanceof Tensor) ||
      !(iou instanceof Tensor) ||
      !(masks.data instanceof Float32Array) ||
      !(iou.data instanceof Float32Array)
    )
      throw new Error('The decoder answered no float masks and iou_predictions');
    const { mask, confidence } = samMaskFromLogits(
      masks.data,
      masks.dims,
      iou.data,
      crop.width,
      crop.height,
    );
    return { mask, confidence };
  }

  return { manifest, stage, install, discard, uninstall, segment };
}
export type SamModels = ReturnType<typeof createSamModels>;
