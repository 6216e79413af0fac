import { CreateBucketCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from '@20minutes/s3rver';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { S3StorageLocation } from '../storage/s3-storage.js';

/** s3rver's built-in account. */
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/** A fake S3 server on a free loopback port, with a temporary folder of its own. */
export interface S3TestServer {
  readonly endpoint: string;
  /** Creates an empty bucket with a fresh name and answers where to store files in it. */
  createBucket(): Promise<S3StorageLocation>;
  /** Every object key in the bucket, sorted. */
  listObjects(bucket: string): Promise<string[]>;
  close(): Promise<void>;
}

/** Starts s3rver (a pure-JavaScript S3 implementation) on 127.0.0.1. */
export async function startS3TestServer(): Promise<S3TestServer> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'sarm-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    vhostBuckets: false,
    // s3rver signs bucket-level paths without the trailing slash the current SDK sends
    // (`/bucket/`), so it would refuse CreateBucket, HeadBucket and ListObjects; object requests
    // are unaffected. Signing is the SDK's business, not what these tests check.
    allowMismatchedSignatures: true,
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  // Same reason as in s3-storage.ts: the Node 22 notice is not actionable here.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const client = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: CREDENTIALS,
  });
  return {
    endpoint,
    async createBucket() {
      const bucket = `sarm-${randomUUID()}`;
      await client.send(new CreateBucketCommand({ Bucket: bucket }));
      return {
        bucket,
        prefix: '',
        endpoint,
        region: 'us-east-1',
        forcePathStyle: true,
        credentials: CREDENTIALS,
      };
    },
    async listObjects(bucket) {
      const listing = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
      return (listing.Contents ?? []).flatMap((object) => object.Key ?? []).sort();
    },
    async close() {
      client.destroy();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
