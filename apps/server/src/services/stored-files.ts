import { HttpError, notFound } from '../http/errors.js';
import type { AuthContext } from './access.js';
import type { VideosService } from './videos.service.js';
import { FILE_NOT_FOUND } from '../http/send-stored-file.js';

/** Storage key segments: as `FileStorage` accepts them, and never `.` or `..`. */
const SEGMENT = /^[A-Za-z0-9._-]+$/;

/**
 * The storage key `path` when it names a file of a resource the user may see: under
 * `videos/{videoId}/` (the video's files and its frame images) when the video is visible, under
 * `detections/{frameId}/` (crops, masks, visualisation) when the frame is. Anything else, including
 * `..` and absolute paths, is 404 `File not found`, the same answer as for a missing file, so the
 * answer never tells whether a key exists.
 */
export async function visibleFileKey(
  videos: Pick<VideosService, 'findVisible' | 'findFrame'>,
  auth: AuthContext,
  path: string,
): Promise<string> {
  const segments = path.split('/');
  const [root, id] = segments;
  const valid =
    segments.length >= 3 && segments.every((s) => SEGMENT.test(s) && s !== '.' && s !== '..');
  if (!valid || id === undefined) throw notFound(FILE_NOT_FOUND);
  try {
    if (root === 'videos') await videos.findVisible(auth, id);
    else if (root === 'detections') await videos.findFrame(auth, id);
    else throw notFound(FILE_NOT_FOUND);
  } catch (error) {
    // 'Video not found' / 'Frame not found' would tell which part of the key was refused.
    if (error instanceof HttpError && error.statusCode === 404) throw notFound(FILE_NOT_FOUND);
    throw error;
  }
  return segments.join('/');
}
