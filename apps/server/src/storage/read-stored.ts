import { Readable } from 'node:stream';
import type { FileStorage } from './storage.js';

/** Reads a whole stream into memory. */
export async function readAll(stream: Readable | AsyncIterable<unknown>): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream)
    chunks.push(
      Buffer.isBuffer(chunk)
        ? chunk
        : chunk instanceof Uint8Array
          ? Buffer.from(chunk)
          : Buffer.from(String(chunk)),
    );
  return new Uint8Array(Buffer.concat(chunks));
}

/** A stored file's bytes (small files only: model weights, JSON results). */
export async function readStoredBytes(storage: FileStorage, key: string): Promise<Uint8Array> {
  return readAll(await storage.get(key));
}

/** Stores bytes under `key`. */
export async function putBytes(storage: FileStorage, key: string, bytes: Uint8Array) {
  return storage.put(key, Readable.from([Buffer.from(bytes)]));
}
