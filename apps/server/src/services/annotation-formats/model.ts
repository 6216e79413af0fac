/**
 * The annotation exchange model shared by the COCO, YOLO and MOT codecs: frames of one video
 * with their boxes in frame pixels. Codecs are pure (text in, text out); the transfer service
 * does the storage and database work.
 */

/** Detection classes in the order of VISEM-Tracking's class ids (0 sperm, 1 cluster, 2 small). */
export const EXCHANGE_CLASSES = ['sperm', 'cluster', 'small_or_pinhead'] as const;
export type ExchangeClass = (typeof EXCHANGE_CLASSES)[number];

export interface ExchangeBox {
  readonly x1: number;
  readonly y1: number;
  readonly x2: number;
  readonly y2: number;
  readonly className: ExchangeClass;
  readonly confidence: number;
  readonly trackId: number | null;
}

export interface ExchangeFrame {
  /** 0-based index of the frame in the video. */
  readonly frameNumber: number;
  readonly boxes: readonly ExchangeBox[];
}

export interface FrameSize {
  readonly width: number;
  readonly height: number;
}

/** A file that cannot be read, naming the file and line (1-based) where it went wrong. */
export class AnnotationParseError extends Error {
  constructor(file: string, line: number | null, problem: string) {
    super(line === null ? `${file}: ${problem}` : `${file} line ${line}: ${problem}`);
    this.name = 'AnnotationParseError';
  }
}

/** The image file name of a frame in exported zips. */
export const frameFileName = (frameNumber: number, extension: string) =>
  `frame_${String(frameNumber).padStart(6, '0')}.${extension}`;

/** The frame number in a file name: its last group of digits (frame_000012.txt, video_3_45.txt). */
export function frameNumberOf(fileName: string): number | null {
  const base = fileName.split('/').pop() ?? fileName;
  const groups = base.replace(/\.[^.]+$/, '').match(/\d+/g);
  const last = groups?.at(-1);
  return last === undefined ? null : Number(last);
}

export function classOf(value: string | number, file: string, line: number | null): ExchangeClass {
  const byName = EXCHANGE_CLASSES.find((name) => name === value);
  if (byName !== undefined) return byName;
  const index = typeof value === 'number' ? value : Number(value);
  const byIndex = Number.isInteger(index) ? EXCHANGE_CLASSES[index] : undefined;
  if (byIndex === undefined)
    throw new AnnotationParseError(file, line, `unknown class ${JSON.stringify(value)}`);
  return byIndex;
}

/** Rounding of coordinates that went through text (a thousandth of a pixel). */
const TOLERANCE_PX = 0.001;

/** Refuses a box outside the frame or without area. */
export function checkBox(
  box: { x1: number; y1: number; x2: number; y2: number },
  size: FrameSize,
  file: string,
  line: number | null,
): void {
  const values = [box.x1, box.y1, box.x2, box.y2];
  if (values.some((v) => !Number.isFinite(v)))
    throw new AnnotationParseError(file, line, 'coordinates must be numbers');
  if (box.x2 - box.x1 <= 0 || box.y2 - box.y1 <= 0)
    throw new AnnotationParseError(file, line, 'the box has no area');
  if (
    box.x1 < -TOLERANCE_PX ||
    box.y1 < -TOLERANCE_PX ||
    box.x2 > size.width + TOLERANCE_PX ||
    box.y2 > size.height + TOLERANCE_PX
  )
    throw new AnnotationParseError(
      file,
      line,
      `box outside the ${size.width}x${size.height} frame`,
    );
}

/** Keeps boxes inside the frame after the tolerance above. */
export const clampToFrame = (box: ExchangeBox, size: FrameSize): ExchangeBox => ({
  ...box,
  x1: Math.max(0, box.x1),
  y1: Math.max(0, box.y1),
  x2: Math.min(size.width, box.x2),
  y2: Math.min(size.height, box.y2),
});

/** Merges boxes of the same frame that came from several lines or files, in frame order. */
export function groupByFrame(
  entries: readonly { frameNumber: number; box: ExchangeBox }[],
): ExchangeFrame[] {
  const frames = new Map<number, ExchangeBox[]>();
  for (const { frameNumber, box } of entries)
    frames.set(frameNumber, [...(frames.get(frameNumber) ?? []), box]);
  return [...frames.entries()]
    .sort(([a], [b]) => a - b)
    .map(([frameNumber, boxes]) => ({ frameNumber, boxes }));
}

/** Coordinates written to text with a fixed precision, so a round trip gives the same numbers. */
export const fixed = (value: number, digits = 3) => Number(value.toFixed(digits));
