import type { PredictionRow } from '../../db/schema/index.js';
import type { StoredPredictionDetections } from './prediction-files.js';

const round = (value: number) => Math.round(value * 100) / 100;

/**
 * MOTChallenge text: `frame,id,left,top,width,height,confidence,-1,-1,-1` per box, frames
 * 1-based; ids are -1 (a prediction's boxes are not linked into tracks here).
 */
export function toMotExport(stored: StoredPredictionDetections): string {
  const lines: string[] = [];
  for (const { frame, boxes } of stored.frames)
    for (const [x1, y1, x2, y2, confidence] of boxes)
      lines.push(
        [
          frame + 1,
          -1,
          round(x1),
          round(y1),
          round(x2 - x1),
          round(y2 - y1),
          confidence,
          -1,
          -1,
          -1,
        ].join(','),
      );
  return lines.length === 0 ? '' : `${lines.join('\n')}\n`;
}

/** COCO JSON: one image per video frame, one annotation per box (category sperm, or the morphology class a classifier gave it). */
export function toCocoExport(stored: StoredPredictionDetections, row: PredictionRow) {
  const { width, height } = stored.video;
  // A morphology prediction's boxes carry classes; a detector's are all sperm.
  const names = [...new Set(stored.frames.flatMap((f) => f.labels ?? ['sperm']))];
  const categoryOf = (label: string | undefined) => names.indexOf(label ?? 'sperm') + 1;
  let id = 0;
  return {
    info: {
      description: `SARM prediction "${row.name}" by model "${row.modelName}" on "${row.videoName}"`,
      date_created: (row.completedAt ?? row.createdAt).toISOString(),
    },
    categories: names.map((name, i) => ({ id: i + 1, name, supercategory: 'sperm' })),
    images: stored.frames.map(({ frame }) => ({
      id: frame + 1,
      file_name: `frame_${String(frame).padStart(6, '0')}.jpg`,
      width,
      height,
      frame_index: frame,
    })),
    annotations: stored.frames.flatMap(({ frame, boxes, labels }) =>
      boxes.map(([x1, y1, x2, y2, confidence], b) => {
        id += 1;
        const w = round(x2 - x1);
        const h = round(y2 - y1);
        return {
          id,
          image_id: frame + 1,
          category_id: categoryOf(labels?.[b]),
          bbox: [round(x1), round(y1), w, h],
          area: round(w * h),
          iscrowd: 0,
          score: confidence,
        };
      }),
    ),
  };
}
