import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { Readable } from 'node:stream';
import type { Clock } from '../clock.js';
import { createMediaTokenSigner } from './media-token.js';
import {
  StorageError,
  validateStorageKey,
  type ByteRange,
  type FileStorage,
  type StoredFileInfo,
} from './storage.js';

/** Where the files live in an S3-compatible object store (parsed from `STORAGE_URL`). */
export interface S3StorageLocation {
  readonly bucket: string;
  /** Prepended to every key (`prefix/videos/...`); empty for the bucket's root. */
  readonly prefix: string;
  /** The store's URL (MinIO, Ceph, Garage...); `null` for AWS itself. */
  readonly endpoint: string | null;
  readonly region: string;
  /** `http://host/bucket/key` instead of `http://bucket.host/key` (most self-hosted stores). */
  readonly forcePathStyle: boolean;
  /** Explicit keys; `null` means the AWS SDK's default chain (`AWS_ACCESS_KEY_ID`...). */
  readonly credentials: { readonly accessKeyId: string; readonly secretAccessKey: string } | null;
}

/** An object-store {@link FileStorage} that can check its bucket and release its connections. */
export interface S3FileStorage extends FileStorage {
  /** Throws a readable error unless the bucket exists and the credentials may use it. */
  checkBucket(): Promise<void>;
  /** Closes the SDK's idle connections. */
  close(): void;
}

const MiB = 1024 * 1024;
/** S3 refuses multipart parts under 5 MiB (except the last one). */
const MIN_PART_SIZE = 5 * MiB;

function statusOf(error: unknown): number | undefined {
  return error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;
}

/** A missing object (not a missing bucket, which is a configuration fault). */
function isMissingObject(error: unknown): boolean {
  if (!(error instanceof S3ServiceException) || error.name === 'NoSuchBucket') return false;
  return error.name === 'NoSuchKey' || error.name === 'NotFound' || statusOf(error) === 404;
}

/** The store refused the write for lack of space or quota (MinIO answers 507). */
function isStoreFull(error: unknown): boolean {
  if (!(error instanceof S3ServiceException)) return false;
  return (
    statusOf(error) === 507 ||
    ['XMinioStorageFull', 'QuotaExceeded', 'InsufficientStorage'].includes(error.name)
  );
}

/**
 * Files as objects in an S3-compatible store, through the AWS SDK v3. Uploads are streamed as a
 * multipart upload that is completed only once the whole stream has been read (a small file goes
 * as one PutObject once read), so a failed upload leaves nothing under the key and keeps any
 * previous version. `move` is a server-side copy then a delete. `localPath` is `null`: ffmpeg
 * works on a temporary copy (see `localFile`).
 */
export function createS3FileStorage(
  options: S3StorageLocation & {
    secret: string;
    clock: Clock;
    /** Bytes buffered per multipart part (default 8 MiB, at least 5 MiB). */
    partSize?: number;
  },
): S3FileStorage {
  const { bucket } = options;
  const prefix = options.prefix.replace(/^\/+|\/+$/g, '');
  const partSize = Math.max(MIN_PART_SIZE, options.partSize ?? 8 * MiB);
  const tokens = createMediaTokenSigner({ secret: options.secret, clock: options.clock });
  // The SDK warns once per process that its releases after January 2027 need Node 22. The lock file
  // pins a release that supports Node 20 (the machines' version), so the warning says nothing
  // actionable to an operator; moving to Node 22 is recorded in ARCHITECTURE.md.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const client = new S3Client({
    region: options.region,
    forcePathStyle: options.forcePathStyle,
    ...(options.endpoint === null ? {} : { endpoint: options.endpoint }),
    ...(options.credentials === null ? {} : { credentials: options.credentials }),
    // Many S3-compatible stores do not understand the SDK's default trailing CRC checksums.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });

  function objectKey(key: string): string {
    const normalised = validateStorageKey(key).join('/');
    return prefix === '' ? normalised : `${prefix}/${normalised}`;
  }

  async function put(
    key: string,
    data: Readable | AsyncIterable<Uint8Array>,
  ): Promise<{ size: number }> {
    const Key = objectKey(key);
    let size = 0;
    // The SDK may replace a failed stream's error with one from aborting the upload: keep ours.
    let sourceError: Error | undefined;
    async function* countBytes(): AsyncGenerator<Uint8Array> {
      try {
        for await (const chunk of data) {
          if (!(chunk instanceof Uint8Array)) throw new TypeError('Stored data must be bytes');
          size += chunk.byteLength;
          yield chunk;
        }
      } catch (error) {
        sourceError =
          error instanceof Error ? error : new Error('The upload stream failed', { cause: error });
        throw sourceError;
      }
    }
    const body = Readable.from(countBytes());
    const upload = new Upload({
      client,
      params: { Bucket: bucket, Key, Body: body },
      partSize,
      queueSize: 2,
      leavePartsOnError: false,
    });
    try {
      await upload.done();
    } catch (error) {
      if (sourceError !== undefined) throw sourceError;
      if (isStoreFull(error))
        throw new StorageError('full', `The object store refused ${key}: it is full`, {
          cause: error,
        });
      throw error;
    } finally {
      // When the store fails first, stop reading (and release) the caller's stream too.
      body.destroy();
    }
    return { size };
  }

  async function stat(key: string): Promise<StoredFileInfo | null> {
    try {
      const head = await client.send(
        new HeadObjectCommand({ Bucket: bucket, Key: objectKey(key) }),
      );
      return { size: head.ContentLength ?? 0, modifiedAt: head.LastModified ?? new Date(0) };
    } catch (error) {
      if (isMissingObject(error)) return null;
      throw error;
    }
  }

  async function get(key: string, range?: ByteRange): Promise<Readable> {
    const Key = objectKey(key);
    let header: string | undefined;
    if (range !== undefined) {
      // S3 clamps a range past the end; answer `bad_range` exactly as the local folder does.
      const info = await stat(key);
      if (info === null) throw new StorageError('not_found', `No file stored under ${key}`);
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
      header = `bytes=${range.start}-${range.end}`;
    }
    try {
      const object = await client.send(
        new GetObjectCommand({ Bucket: bucket, Key, Range: header }),
      );
      if (!(object.Body instanceof Readable))
        throw new Error(`The object store sent no readable body for ${key}`);
      return object.Body;
    } catch (error) {
      if (isMissingObject(error))
        throw new StorageError('not_found', `No file stored under ${key}`);
      throw error;
    }
  }

  /** S3 deletes are idempotent and silent, so whether there was a file is asked first. */
  async function remove(key: string): Promise<boolean> {
    const Key = objectKey(key);
    const existed = (await stat(key)) !== null;
    if (existed) await client.send(new DeleteObjectCommand({ Bucket: bucket, Key }));
    return existed;
  }

  async function move(from: string, to: string): Promise<void> {
    const source = objectKey(from);
    const target = objectKey(to);
    try {
      await client.send(
        new CopyObjectCommand({
          Bucket: bucket,
          Key: target,
          CopySource: `${encodeURIComponent(bucket)}/${source.split('/').map(encodeURIComponent).join('/')}`,
        }),
      );
    } catch (error) {
      if (isMissingObject(error))
        throw new StorageError('not_found', `No file stored under ${from}`);
      if (isStoreFull(error))
        throw new StorageError('full', `The object store refused ${to}: it is full`, {
          cause: error,
        });
      throw error;
    }
    await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: source }));
  }

  async function checkBucket(): Promise<void> {
    try {
      await client.send(new HeadBucketCommand({ Bucket: bucket }));
    } catch (error) {
      const status = statusOf(error);
      const reason =
        status === 404
          ? 'it does not exist'
          : status === 403 || status === 401
            ? 'access denied (check AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY)'
            : error instanceof Error
              ? error.message
              : String(error);
      throw new Error(
        `STORAGE_URL: cannot use bucket "${bucket}"${options.endpoint === null ? '' : ` at ${options.endpoint}`}: ${reason}`,
        { cause: error },
      );
    }
  }

  return {
    put,
    get,
    stat,
    delete: remove,
    move,
    localPath: () => null,
    createMediaToken: (key, userId, ttlSeconds) =>
      tokens.sign({ key: validateStorageKey(key).join('/'), userId, ttlSeconds }),
    verifyMediaToken: (token, key) => tokens.verify(token, key),
    checkBucket,
    close: () => client.destroy(),
  };
}
