import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FileStorage } from '../storage/storage.js';
import { parseByteRange } from './byte-range.js';
import { forbidden, HttpError, MESSAGES, notFound } from './errors.js';

export const FILE_NOT_FOUND = 'File not found';

const CONTENT_TYPES: Record<string, string> = {
  '.mp4': 'video/mp4',
  '.m4v': 'video/mp4',
  '.webm': 'video/webm',
  '.mov': 'video/quicktime',
  '.avi': 'video/x-msvideo',
  '.mkv': 'video/x-matroska',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
};

/** Content-Type of a storage key from its extension. */
export const contentTypeOf = (key: string) =>
  CONTENT_TYPES[key.slice(key.lastIndexOf('.')).toLowerCase()] ?? 'application/octet-stream';

/**
 * Answers a stored file: Content-Type from the key's extension, byte ranges (206, 416), private
 * caching for `maxAgeSeconds`, 404 `File not found` when it is missing. A request authorised by a
 * media token may only read the key the token names.
 */
export async function sendStoredFile(
  storage: FileStorage,
  request: FastifyRequest,
  reply: FastifyReply,
  key: string,
  maxAgeSeconds: number,
) {
  if (request.mediaTokenKey !== null && request.mediaTokenKey !== key)
    throw forbidden(MESSAGES.noPermission);
  const info = await storage.stat(key);
  if (info === null) throw notFound(FILE_NOT_FOUND);
  const range = parseByteRange(request.headers.range, info.size);
  void reply
    .header('Accept-Ranges', 'bytes')
    .header('Content-Type', contentTypeOf(key))
    .header('Cache-Control', `private, max-age=${maxAgeSeconds}`);
  if (range === null) {
    void reply.header('Content-Range', `bytes */${info.size}`);
    throw new HttpError(416, 'Requested range not satisfiable');
  }
  if (range === undefined) {
    void reply.header('Content-Length', info.size);
    return reply.send(await storage.get(key));
  }
  void reply
    .status(206)
    .header('Content-Range', `bytes ${range.start}-${range.end}/${info.size}`)
    .header('Content-Length', range.end - range.start + 1);
  return reply.send(await storage.get(key, range));
}
