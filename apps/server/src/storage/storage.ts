import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, rename, rm, stat as statFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Clock } from '../clock.js';
import { createMediaTokenSigner, type MediaTokenClaims } from './media-token.js';

/** Inclusive byte range, as in an HTTP `Range: bytes=start-end` header. */
export interface ByteRange {
  readonly start: number;
  readonly end: number;
}

export interface StoredFileInfo {
  readonly size: number;
  readonly modifiedAt: Date;
}

/**
 * Where uploaded and generated files live. Keys are relative paths such as
 * `videos/<id>/original.mp4`: segments of letters, digits, `.`, `_` and `-`, never `..`.
 */
export interface FileStorage {
  /** Stores the stream under `key`, replacing any previous file; a failed write leaves nothing under `key`. */
  put(key: string, data: Readable | AsyncIterable<Uint8Array>): Promise<{ size: number }>;
  /** Reads the file, or the inclusive byte range of it. Throws `StorageError` (`not_found`, `bad_range`). */
  get(key: string, range?: ByteRange): Promise<Readable>;
  /** Size and modification time, or `null` when there is no such file. */
  stat(key: string): Promise<StoredFileInfo | null>;
  /** Deletes the file; answers whether there was one. */
  delete(key: string): Promise<boolean>;
  /** Renames a stored file to another key (replacing it); throws `not_found` when `from` is missing. */
  move(from: string, to: string): Promise<void>;
  /** The file's path on this machine when the storage is a local folder (for ffmpeg), else `null`. */
  localPath(key: string): string | null;
  /** A signed token granting `userId` access to `key` for `ttlSeconds`, for `?token=` media links. */
  createMediaToken(key: string, userId: string, ttlSeconds: number): string;
  /** The token's claims when it is authentic, unexpired and (if given) issued for `key`; otherwise `null`. */
  verifyMediaToken(token: string, key?: string): MediaTokenClaims | null;
}

/** `full`: the disk or object store has no room (or quota) left for a write. */
export type StorageErrorKind = 'invalid_key' | 'not_found' | 'bad_range' | 'full';

export class StorageError extends Error {
  constructor(
    readonly kind: StorageErrorKind,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'StorageError';
  }
}

const SEGMENT = /^[A-Za-z0-9._-]+$/;
const MAX_KEY_LENGTH = 512;
const TEMP_DIR = '.tmp';

/** Throws unless `key` is a safe relative path; answers its segments. */
export function validateStorageKey(key: string): string[] {
  const segments = key.split('/');
  const valid =
    key.length > 0 &&
    key.length <= MAX_KEY_LENGTH &&
    segments.every((segment) => SEGMENT.test(segment) && segment !== '.' && segment !== '..') &&
    segments[0] !== TEMP_DIR;
  if (!valid) throw new StorageError('invalid_key', `Invalid storage key: ${JSON.stringify(key)}`);
  return segments;
}

function isMissingFile(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'ENOENT';
}

/** The disk (or the user's quota on it) is full. */
function isDiskFull(error: unknown): boolean {
  return (
    error instanceof Error &&
    'code' in error &&
    (error.code === 'ENOSPC' || error.code === 'EDQUOT')
  );
}

/** Files in a local folder (`DATA_DIR/files`), written through a temporary file and an atomic rename. */
export function createLocalFileStorage(options: {
  rootDir: string;
  secret: string;
  clock: Clock;
}): FileStorage {
  const rootDir = path.resolve(options.rootDir);
  const tokens = createMediaTokenSigner({ secret: options.secret, clock: options.clock });

  function resolveKey(key: string): string {
    const resolved = path.resolve(rootDir, ...validateStorageKey(key));
    // Defence in depth: the validated segments can never leave the root, but check anyway.
    if (!resolved.startsWith(rootDir + path.sep))
      throw new StorageError('invalid_key', `Invalid storage key: ${key}`);
    return resolved;
  }

  async function put(
    key: string,
    data: Readable | AsyncIterable<Uint8Array>,
  ): Promise<{ size: number }> {
    const target = resolveKey(key);
    const tempDir = path.join(rootDir, TEMP_DIR);
    const tempFile = path.join(tempDir, `${randomUUID()}.part`);
    await mkdir(tempDir, { recursive: true });
    // The file is opened before the stream starts, so a stream that fails at once cannot create
    // it after the clean-up below has run (a write stream opens its file asynchronously).
    const handle = await open(tempFile, 'wx');
    let size = 0;
    try {
      await pipeline(
        data,
        async function* countBytes(source: AsyncIterable<Uint8Array>) {
          for await (const chunk of source) {
            size += chunk.byteLength;
            yield chunk;
          }
        },
        handle.createWriteStream(),
      );
      await mkdir(path.dirname(target), { recursive: true });
      await rename(tempFile, target);
    } catch (error) {
      await handle.close().catch(() => undefined);
      await rm(tempFile, { force: true });
      if (isDiskFull(error))
        throw new StorageError('full', `No space left to store ${key}`, { cause: error });
      throw error;
    }
    return { size };
  }

  async function stat(key: string): Promise<StoredFileInfo | null> {
    try {
      const info = await statFile(resolveKey(key));
      return info.isFile() ? { size: info.size, modifiedAt: info.mtime } : null;
    } catch (error) {
      if (isMissingFile(error)) return null;
      throw error;
    }
  }

  async function get(key: string, range?: ByteRange): Promise<Readable> {
    const file = resolveKey(key);
    const info = await stat(key);
    if (info === null) throw new StorageError('not_found', `No file stored under ${key}`);
    if (range !== undefined) {
      const valid =
        Number.isInteger(range.start) &&
        Number.isInteger(range.end) &&
        range.start >= 0 &&
        range.start <= range.end &&
        range.end < info.size;
      if (!valid)
        throw new StorageError(
          'bad_range',
          `Range ${range.start}-${range.end} outside 0-${info.size - 1}`,
        );
      return createReadStream(file, { start: range.start, end: range.end });
    }
    return createReadStream(file);
  }

  async function remove(key: string): Promise<boolean> {
    const file = resolveKey(key);
    try {
      await rm(file);
      return true;
    } catch (error) {
      if (isMissingFile(error)) return false;
      throw error;
    }
  }

  async function move(from: string, to: string): Promise<void> {
    const source = resolveKey(from);
    const target = resolveKey(to);
    if ((await stat(from)) === null)
      throw new StorageError('not_found', `No file stored under ${from}`);
    await mkdir(path.dirname(target), { recursive: true });
    await rename(source, target);
  }

  return {
    put,
    get,
    stat,
    delete: remove,
    move,
    localPath: resolveKey,
    createMediaToken: (key, userId, ttlSeconds) =>
      tokens.sign({ key: validateStorageKey(key).join('/'), userId, ttlSeconds }),
    verifyMediaToken: (token, key) => tokens.verify(token, key),
  };
}
