/** A SARM detection model file (the zip the server exports) as a casa `Detector`. */
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { RescaledDetector, type Detector } from '@sarm/casa';
import { savedHeadDetectorOf } from '../bundle/head-detector.js';
import { unpackModelBundle } from '../bundle/model-file.js';
import { OnnxHeadDetector } from './onnx-head-detector.js';

/** What a loaded model file is, from its metadata. */
export interface ModelFileDetectorInfo {
  readonly name: string;
  readonly type: 'detection';
  readonly classes: string[];
}

/** A detector loaded from a model file, with the model's name and classes. */
export interface ModelFileDetector {
  readonly detector: Detector;
  readonly info: ModelFileDetectorInfo;
}

/**
 * Reads the SARM model file at `path` (a zip of metadata, architecture and weights) and answers its
 * head detector (run by ONNX Runtime), ready for `analyzeVideo(path, settings, { detector })`.
 * Throws an Error whose message names the file and what is wrong: it cannot be
 * read, it is not a SARM model ("Not a SARM model: ..."), it is a morphology model, or its
 * metadata or weights are broken. The network
 * lives as long as the process (the command-line analysis needs it until it exits).
 */
export async function loadDetectorFromModelFile(path: string): Promise<ModelFileDetector> {
  const file = basename(path);
  let bytes: Uint8Array;
  try {
    bytes = await readFile(path);
  } catch (error) {
    throw new Error(`Cannot read model file "${path}": ${reason(error)}`, { cause: error });
  }
  let bundle;
  try {
    bundle = unpackModelBundle(bytes);
  } catch (error) {
    throw new Error(withFile(file, error), { cause: error });
  }
  const { metadata } = bundle;
  if (metadata.type === 'morphology') {
    throw new Error(`${file} is a morphology model: --model needs a detection model`);
  }
  let detector;
  try {
    detector = await OnnxHeadDetector.open(savedHeadDetectorOf(bundle.saved));
  } catch (error) {
    throw new Error(withFile(file, error), { cause: error });
  }
  // A model that knows its training frames' scale sees every frame resampled to it.
  const scale = metadata.um_per_pixel;
  return {
    detector: scale === null ? detector : new RescaledDetector(detector, scale),
    info: { name: metadata.name, type: 'detection', classes: [...metadata.classes] },
  };
}

/**
 * The bundle's message with the file's name: "Not a SARM model: <file>: why" for a file that is not
 * one, "Cannot load model <file>: why" for a SARM model that is broken or of a newer format.
 */
function withFile(file: string, error: unknown): string {
  const message = reason(error);
  const prefix = 'Not a SARM model: ';
  return message.startsWith(prefix)
    ? `${prefix}${file}: ${message.slice(prefix.length)}`
    : `Cannot load model ${file}: ${message}`;
}

function reason(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return 'no such file';
    if (code === 'EISDIR') return 'it is a folder';
    if (code === 'EACCES') return 'permission denied';
    return error.message;
  }
  return String(error);
}
