import {
  AnnotationParseError,
  EXCHANGE_CLASSES,
  checkBox,
  classOf,
  frameFileName,
  frameNumberOf,
  groupByFrame,
  type ExchangeBox,
  type ExchangeFrame,
  type FrameSize,
} from './model.js';

const DIGITS = 6;

/** The Ultralytics dataset description of the export. */
export const yoloDataYaml = () =>
  [
    'path: .',
    'train: images',
    'val: images',
    `nc: ${EXCHANGE_CLASSES.length}`,
    'names:',
    ...EXCHANGE_CLASSES.map((name, index) => `  ${index}: ${name}`),
    '',
  ].join('\n');

/**
 * One label file per frame (`labels/frame_000012.txt`): `class cx cy w h`, normalised to the
 * frame. With `withTracks` the track id comes first, as in VISEM-Tracking's `labels_ftid`.
 */
export function toYolo(
  frames: readonly ExchangeFrame[],
  size: FrameSize,
  withTracks = false,
): Map<string, string> {
  const files = new Map<string, string>();
  const n = (value: number) => value.toFixed(DIGITS);
  for (const frame of frames) {
    const lines = frame.boxes.map((box) => {
      const fields = [
        EXCHANGE_CLASSES.indexOf(box.className),
        n((box.x1 + box.x2) / 2 / size.width),
        n((box.y1 + box.y2) / 2 / size.height),
        n((box.x2 - box.x1) / size.width),
        n((box.y2 - box.y1) / size.height),
      ];
      return (withTracks ? [box.trackId ?? -1, ...fields] : fields).join(' ');
    });
    files.set(
      frameFileName(frame.frameNumber, 'txt'),
      lines.length === 0 ? '' : `${lines.join('\n')}\n`,
    );
  }
  return files;
}

/**
 * Reads YOLO label files. Five columns: `class cx cy w h`; six columns: VISEM's `labels_ftid`,
 * track id first. The frame number is the last number in each file's name.
 */
export function parseYolo(
  files: readonly { name: string; text: string }[],
  size: FrameSize,
): ExchangeFrame[] {
  const entries: { frameNumber: number; box: ExchangeBox }[] = [];
  const seen: number[] = [];
  for (const { name, text } of files) {
    const frameNumber = frameNumberOf(name);
    if (frameNumber === null)
      throw new AnnotationParseError(name, null, 'no frame number in the file name');
    seen.push(frameNumber);
    for (const [index, raw] of text.split(/\r?\n/).entries()) {
      const line = raw.trim();
      if (line === '') continue;
      const fields = line.split(/\s+/).map(Number);
      if ((fields.length !== 5 && fields.length !== 6) || fields.some((v) => !Number.isFinite(v)))
        throw new AnnotationParseError(
          name,
          index + 1,
          'expected "class cx cy w h" or "track class cx cy w h"',
        );
      const [track, cls, cx, cy, w, h] = fields.length === 6 ? fields : [null, ...fields];
      const box = {
        x1: ((cx ?? 0) - (w ?? 0) / 2) * size.width,
        y1: ((cy ?? 0) - (h ?? 0) / 2) * size.height,
        x2: ((cx ?? 0) + (w ?? 0) / 2) * size.width,
        y2: ((cy ?? 0) + (h ?? 0) / 2) * size.height,
      };
      checkBox(box, size, name, index + 1);
      entries.push({
        frameNumber,
        box: {
          ...box,
          className: classOf(cls ?? 0, name, index + 1),
          confidence: 1,
          trackId: track === null || track === undefined || track < 0 ? null : track,
        },
      });
    }
  }
  const frames = groupByFrame(entries);
  // Label files without lines are frames annotated as empty; they still count as frames.
  for (const frameNumber of new Set(seen))
    if (!frames.some((frame) => frame.frameNumber === frameNumber))
      frames.push({ frameNumber, boxes: [] });
  return frames.sort((a, b) => a.frameNumber - b.frameNumber);
}
