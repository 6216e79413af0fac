import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { S3StorageLocation } from '../storage/s3-storage.js';

/** A stored file as the backup sees it: its storage key and size. */
export interface ListedFile {
  readonly key: string;
  readonly size: number;
  readonly modifiedAt: Date;
}

/** Lists every stored file; `close` releases connections. */
export interface StoredFileLister {
  list(): AsyncGenerator<ListedFile>;
  close(): void;
}

/** Files under `rootDir` (the local `DATA_DIR/files`), without the `.tmp` folder of unfinished writes. */
export function createLocalFileLister(rootDir: string): StoredFileLister {
  async function* walk(relative: string): AsyncGenerator<ListedFile> {
    const folder = path.join(rootDir, relative);
    let entries;
    try {
      entries = await readdir(folder, { withFileTypes: true });
    } catch (error) {
      if (error instanceof Error && 'code' in error && error.code === 'ENOENT') return;
      throw error;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      const key = relative === '' ? entry.name : `${relative}/${entry.name}`;
      if (relative === '' && entry.name === '.tmp') continue;
      if (entry.isDirectory()) yield* walk(key);
      else if (entry.isFile()) {
        const info = await stat(path.join(rootDir, key));
        yield { key, size: info.size, modifiedAt: info.mtime };
      }
    }
  }
  return { list: () => walk(''), close: () => undefined };
}

/** Objects under the bucket's prefix, listed page by page. */
export function createS3FileLister(location: S3StorageLocation): StoredFileLister {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const client = new S3Client({
    region: location.region,
    forcePathStyle: location.forcePathStyle,
    ...(location.endpoint === null ? {} : { endpoint: location.endpoint }),
    ...(location.credentials === null ? {} : { credentials: location.credentials }),
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const prefix = location.prefix.replace(/^\/+|\/+$/g, '');
  const keyPrefix = prefix === '' ? '' : `${prefix}/`;

  async function* list(): AsyncGenerator<ListedFile> {
    let token: string | undefined;
    do {
      const page = await client.send(
        new ListObjectsV2Command({
          Bucket: location.bucket,
          Prefix: keyPrefix === '' ? undefined : keyPrefix,
          ContinuationToken: token,
        }),
      );
      for (const object of page.Contents ?? []) {
        if (object.Key === undefined || !object.Key.startsWith(keyPrefix)) continue;
        yield {
          key: object.Key.slice(keyPrefix.length),
          size: object.Size ?? 0,
          modifiedAt: object.LastModified ?? new Date(0),
        };
      }
      token = page.IsTruncated === true ? page.NextContinuationToken : undefined;
    } while (token !== undefined);
  }
  return { list, close: () => client.destroy() };
}
