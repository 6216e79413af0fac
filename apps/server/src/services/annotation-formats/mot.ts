import {
  AnnotationParseError,
  checkBox,
  fixed,
  groupByFrame,
  type ExchangeBox,
  type ExchangeFrame,
  type FrameSize,
} from './model.js';

/**
 * MOTChallenge ground truth: `frame,id,left,top,width,height,conf,-1,-1,-1`, frames counted
 * from 1. Boxes without a track get identities after the largest one, so the file stays valid.
 */
export function toMot(frames: readonly ExchangeFrame[]): string {
  let next = Math.max(0, ...frames.flatMap((f) => f.boxes.map((b) => b.trackId ?? 0))) + 1;
  const lines: string[] = [];
  for (const frame of frames)
    for (const box of frame.boxes) {
      const id = box.trackId ?? next++;
      lines.push(
        [
          frame.frameNumber + 1,
          id,
          fixed(box.x1),
          fixed(box.y1),
          fixed(box.x2 - box.x1),
          fixed(box.y2 - box.y1),
          fixed(box.confidence, 4),
          -1,
          -1,
          -1,
        ].join(','),
      );
    }
  return lines.length === 0 ? '' : `${lines.join('\n')}\n`;
}

/** The sequence description MOT tools read next to gt/gt.txt. */
export const motSeqInfo = (name: string, size: FrameSize, fps: number, length: number) =>
  [
    '[Sequence]',
    `name=${name.replace(/[\r\n]/g, ' ')}`,
    'imDir=img1',
    `frameRate=${Math.round(fps)}`,
    `seqLength=${length}`,
    `imWidth=${size.width}`,
    `imHeight=${size.height}`,
    'imExt=.jpg',
    '',
  ].join('\n');

/** Reads a MOT gt.txt (comma or space separated, at least six columns). */
export function parseMot(text: string, file: string, size: FrameSize): ExchangeFrame[] {
  const entries: { frameNumber: number; box: ExchangeBox }[] = [];
  for (const [index, raw] of text.split(/\r?\n/).entries()) {
    const line = raw.trim();
    if (line === '') continue;
    const fields = line.split(/[,\s]+/).map(Number);
    if (fields.length < 6 || fields.slice(0, 7).some((v) => !Number.isFinite(v)))
      throw new AnnotationParseError(
        file,
        index + 1,
        'expected "frame,id,left,top,width,height,..."',
      );
    const [frame = 0, id = 0, left = 0, top = 0, width = 0, height = 0, conf] = fields;
    if (!Number.isInteger(frame) || frame < 1)
      throw new AnnotationParseError(file, index + 1, 'frame numbers start at 1');
    const box = { x1: left, y1: top, x2: left + width, y2: top + height };
    checkBox(box, size, file, index + 1);
    entries.push({
      frameNumber: frame - 1,
      box: {
        ...box,
        className: 'sperm',
        confidence: conf === undefined || conf < 0 || conf > 1 ? 1 : conf,
        trackId: Number.isInteger(id) && id >= 0 ? id : null,
      },
    });
  }
  return groupByFrame(entries);
}
