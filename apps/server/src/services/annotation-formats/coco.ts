import { z } from 'zod';
import {
  AnnotationParseError,
  EXCHANGE_CLASSES,
  checkBox,
  classOf,
  fixed,
  frameFileName,
  frameNumberOf,
  groupByFrame,
  type ExchangeFrame,
  type FrameSize,
} from './model.js';

const CocoSchema = z.object({
  images: z.array(
    z.object({
      id: z.number().int(),
      file_name: z.string(),
      width: z.number().positive(),
      height: z.number().positive(),
      frame_number: z.number().int().min(0).optional(),
    }),
  ),
  annotations: z.array(
    z.object({
      id: z.number().int(),
      image_id: z.number().int(),
      category_id: z.number().int(),
      bbox: z.tuple([z.number(), z.number(), z.number(), z.number()]),
      score: z.number().min(0).max(1).optional(),
      track_id: z.number().int().nullable().optional(),
      attributes: z.object({ track_id: z.number().int().nullable().optional() }).optional(),
    }),
  ),
  categories: z.array(z.object({ id: z.number().int(), name: z.string() })),
});

/** COCO detection JSON of the frames: one image per frame, bbox [x, y, width, height]. */
export function toCoco(frames: readonly ExchangeFrame[], size: FrameSize): string {
  let annotationId = 0;
  const document = {
    info: { description: 'SARM sperm detection annotations', version: '1.0' },
    images: frames.map((frame, index) => ({
      id: index + 1,
      file_name: `images/${frameFileName(frame.frameNumber, 'jpg')}`,
      width: size.width,
      height: size.height,
      frame_number: frame.frameNumber,
    })),
    annotations: frames.flatMap((frame, index) =>
      frame.boxes.map((box) => {
        annotationId += 1;
        const width = fixed(box.x2 - box.x1);
        const height = fixed(box.y2 - box.y1);
        return {
          id: annotationId,
          image_id: index + 1,
          category_id: EXCHANGE_CLASSES.indexOf(box.className) + 1,
          bbox: [fixed(box.x1), fixed(box.y1), width, height],
          area: fixed(width * height),
          iscrowd: 0,
          score: fixed(box.confidence, 4),
          track_id: box.trackId,
          attributes: { track_id: box.trackId },
        };
      }),
    ),
    categories: EXCHANGE_CLASSES.map((name, index) => ({
      id: index + 1,
      name,
      supercategory: 'cell',
    })),
  };
  return JSON.stringify(document, null, 2);
}

/** Reads COCO JSON; frame numbers come from `frame_number` or the image's file name. */
export function parseCoco(text: string, file: string, size: FrameSize): ExchangeFrame[] {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new AnnotationParseError(file, null, 'not valid JSON');
  }
  const parsed = CocoSchema.safeParse(json);
  if (!parsed.success)
    throw new AnnotationParseError(
      file,
      null,
      `not COCO detection JSON (${parsed.error.issues[0]?.path.join('.') ?? ''}: ${parsed.error.issues[0]?.message ?? ''})`,
    );
  const coco = parsed.data;
  const categories = new Map(coco.categories.map((c) => [c.id, c.name]));
  const frameOf = new Map<number, number>();
  for (const image of coco.images) {
    const frameNumber = image.frame_number ?? frameNumberOf(image.file_name);
    if (frameNumber === null)
      throw new AnnotationParseError(file, null, `image ${image.id} has no frame number`);
    frameOf.set(image.id, frameNumber);
  }
  const entries = coco.annotations.map((annotation, index) => {
    const where = `annotations[${index}]`;
    const frameNumber = frameOf.get(annotation.image_id);
    if (frameNumber === undefined)
      throw new AnnotationParseError(file, null, `${where}: unknown image ${annotation.image_id}`);
    const [x, y, w, h] = annotation.bbox;
    const box = { x1: x, y1: y, x2: x + w, y2: y + h };
    try {
      checkBox(box, size, file, null);
    } catch (error) {
      throw new AnnotationParseError(
        file,
        null,
        `${where}: ${error instanceof Error ? error.message.replace(`${file}: `, '') : ''}`,
      );
    }
    const name = categories.get(annotation.category_id);
    return {
      frameNumber,
      box: {
        ...box,
        className: classOf(name ?? annotation.category_id - 1, file, null),
        confidence: annotation.score ?? 1,
        trackId: annotation.track_id ?? annotation.attributes?.track_id ?? null,
      },
    };
  });
  return groupByFrame(entries);
}
