/**
 * The SARM model file, built and read in memory: a zip of `metadata.json`, `architecture.json`
 * ({ architecture, shapes }) and `weights.bin` (every value as float32, little-endian, in
 * variable order).
 */
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import type { ModelBundle } from './types.js';
import { checkWeightsFitShapes, readArchitecture, readMetadata } from './validate.js';

const METADATA = 'metadata.json';
const ARCHITECTURE = 'architecture.json';
const WEIGHTS = 'weights.bin';

/** The model file of a bundle; throws when the weights do not fit the shapes. */
export function packModelBundle(bundle: ModelBundle): Uint8Array {
  const { architecture, shapes, weights } = bundle.saved;
  checkWeightsFitShapes(shapes, weights.length);
  return zipSync({
    [METADATA]: strToU8(JSON.stringify(bundle.metadata, null, 2)),
    [ARCHITECTURE]: strToU8(JSON.stringify({ architecture, shapes })),
    // Weights hardly compress; storing them keeps packing fast.
    [WEIGHTS]: [float32LittleEndian(weights), { level: 0 }],
  });
}

/**
 * The bundle in a model file. Throws an Error saying what is wrong: not a zip, a missing part,
 * a field of the wrong type, an unsupported format version, or weights that do not fit the shapes.
 */
export function unpackModelBundle(bytes: Uint8Array): ModelBundle {
  const files = unzipOrThrow(bytes);
  const metadata = readMetadata(parseJson(files, METADATA));
  const { architecture, shapes } = readArchitecture(parseJson(files, ARCHITECTURE));
  const weightBytes = files[WEIGHTS];
  if (weightBytes === undefined) throw new Error(`Not a SARM model: ${WEIGHTS} is missing`);
  if (weightBytes.length % 4 !== 0) {
    throw new Error(`Weights do not match the architecture: ${WEIGHTS} is not float32 values`);
  }
  const weights = fromFloat32LittleEndian(weightBytes);
  checkWeightsFitShapes(shapes, weights.length);
  return { metadata, saved: { architecture, shapes, weights } };
}

function unzipOrThrow(bytes: Uint8Array): Record<string, Uint8Array> {
  try {
    return unzipSync(bytes);
  } catch {
    throw new Error('Not a SARM model: the file is not a zip archive');
  }
}

function parseJson(files: Record<string, Uint8Array>, name: string): unknown {
  const content = files[name];
  if (content === undefined) throw new Error(`Not a SARM model: ${name} is missing`);
  try {
    return JSON.parse(strFromU8(content));
  } catch {
    throw new Error(`Not a SARM model: ${name} is not valid JSON`);
  }
}

function float32LittleEndian(values: Float32Array): Uint8Array {
  const bytes = new Uint8Array(values.length * 4);
  const view = new DataView(bytes.buffer);
  values.forEach((v, i) => view.setFloat32(i * 4, v, true));
  return bytes;
}

function fromFloat32LittleEndian(bytes: Uint8Array): Float32Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const values = new Float32Array(bytes.length / 4);
  for (let i = 0; i < values.length; i += 1) values[i] = view.getFloat32(i * 4, true);
  return values;
}
