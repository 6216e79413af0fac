import { readdir, readFile } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import type { HeadPoint } from '../detect/score-heads.js';
import type { GrayFrame } from '../types.js';
import { readGrayFrames } from './frames.js';

/** Pictures and recordings a folder of hand-marked heads may hold, beside their CSV. */
const MEDIA_EXTENSIONS = [
  '.tif',
  '.tiff',
  '.png',
  '.jpg',
  '.jpeg',
  '.bmp',
  '.mp4',
  '.avi',
  '.mov',
  '.mkv',
];
const VIDEO_EXTENSIONS = new Set(['.mp4', '.avi', '.mov', '.mkv']);

/** A picture or recording with the head centres someone marked on it by hand. */
export interface MarkedMedia {
  /** The file's name without its extension (the CSV's name too). */
  readonly name: string;
  readonly mediaPath: string;
  readonly isVideo: boolean;
  /** Marked centres per frame index (a picture has frame 0 only). */
  readonly heads: ReadonlyMap<number, readonly HeadPoint[]>;
}

/** One marked frame, decoded, with its marks. */
export interface MarkedFrame {
  readonly frame: GrayFrame;
  readonly heads: readonly HeadPoint[];
}

const isNumber = (token: string): boolean => token !== '' && Number.isFinite(Number(token));

/**
 * Parses a CSV of hand-marked head centres (pixels). With a header row, its `x`, `y` and optional
 * `frame` columns are read by name. Without one, a picture's rows are `x,y` (further columns, such
 * as the `1` of a class column, are ignored) and a recording's rows are `frame,x,y`.
 */
export function parseMarkedHeadsCsv(text: string, isVideo: boolean): Map<number, HeadPoint[]> {
  const rows = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => line.split(/[,;\t]/).map((token) => token.trim()));
  let columns = isVideo ? { frame: 0, x: 1, y: 2 } : { frame: -1, x: 0, y: 1 };
  const first = rows[0];
  if (first !== undefined && !first.every(isNumber)) {
    const named = first.map((token) => token.toLowerCase());
    const x = named.indexOf('x');
    const y = named.indexOf('y');
    if (x < 0 || y < 0)
      throw new Error(`the CSV header names no x and y column: ${first.join(',')}`);
    columns = { frame: named.indexOf('frame'), x, y };
    rows.shift();
  }
  const heads = new Map<number, HeadPoint[]>();
  rows.forEach((row, i) => {
    const value = (column: number): number => Number(row[column]);
    const x = value(columns.x);
    const y = value(columns.y);
    const frame = columns.frame < 0 ? 0 : value(columns.frame);
    if (![x, y, frame].every(Number.isFinite) || !Number.isInteger(frame) || frame < 0) {
      throw new Error(`row ${i + 1} of the CSV is not a head position: ${row.join(',')}`);
    }
    const list = heads.get(frame) ?? [];
    list.push({ x, y });
    heads.set(frame, list);
  });
  return heads;
}

/**
 * Lists a folder's hand-marked pictures and recordings: every CSV beside a picture or recording of
 * the same name. Sorted by name.
 */
export async function listMarkedMedia(dir: string): Promise<MarkedMedia[]> {
  const files = (await readdir(dir)).sort();
  const found: MarkedMedia[] = [];
  for (const file of files) {
    if (extname(file).toLowerCase() !== '.csv') continue;
    const name = basename(file, extname(file));
    const media = files.find(
      (other) =>
        basename(other, extname(other)) === name &&
        MEDIA_EXTENSIONS.includes(extname(other).toLowerCase()),
    );
    if (media === undefined) continue;
    const isVideo = VIDEO_EXTENSIONS.has(extname(media).toLowerCase());
    const heads = parseMarkedHeadsCsv(await readFile(join(dir, file), 'utf8'), isVideo);
    found.push({ name, mediaPath: join(dir, media), isVideo, heads });
  }
  return found;
}

/** Decodes the marked frames of a picture or recording (grey), in frame order, with their marks. */
export async function* readMarkedFrames(media: MarkedMedia): AsyncGenerator<MarkedFrame> {
  const last = Math.max(...media.heads.keys());
  for await (const frame of readGrayFrames(media.mediaPath, { maxFrames: last + 1 })) {
    const heads = media.heads.get(frame.index);
    if (heads !== undefined) yield { frame, heads };
  }
}
