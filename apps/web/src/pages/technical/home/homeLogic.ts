import {
  WHO_2021_LIMITS,
  WHO_MOTILITY_CATEGORIES,
  type Detection,
  type Frame,
  type StoredVideoAnalysis,
  type WhoMotilityCategory,
} from '@sarm/contracts';

/** Who may read detections: the spec's view_detailed_detection and the technical roles. */
export const DETECTION_READERS = [
  'view_detailed_detection',
  'annotate_detection',
  'review_annotations',
  'annotate_morphology',
  'extract_frames',
] as const;

/** Which frames of a video Apply Detection runs on. */
export type FrameScope = 'all' | 'selected' | 'undetected' | 'chosen';

/** The frames the scope names, in frame order; `chosen` are the ids ticked in the list. */
export function framesToDetect(
  frames: readonly Frame[],
  scope: FrameScope,
  chosen: ReadonlySet<string>,
): Frame[] {
  const keep = (frame: Frame): boolean => {
    switch (scope) {
      case 'all':
        return true;
      case 'selected':
        return frame.selected;
      case 'undetected':
        return frame.detectionCount === 0;
      case 'chosen':
        return chosen.has(frame.id);
    }
  };
  return frames.filter(keep).sort((a, b) => a.frameNumber - b.frameNumber);
}

/** The server queues at most this many frames per detection task. */
export const MAX_FRAMES_PER_TASK = 1000;

/** One frame of Frame Detection Results with its boxes at or above the confidence floor. */
export interface FrameDetectionRow {
  readonly frame: Frame;
  readonly detections: readonly Detection[];
  /** Boxes of the frame before the confidence floor. */
  readonly allCount: number;
  readonly meanConfidence: number | null;
  readonly minConfidence: number | null;
  readonly maxConfidence: number | null;
  readonly verified: number;
}

function mean(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  return values.reduce((sum, value) => sum + value, 0) / values.length;
}

/** Frames with their detections (grouped by frame id), in frame order. */
export function frameDetectionRows(
  frames: readonly Frame[],
  detections: readonly Detection[],
  minConfidence: number,
): FrameDetectionRow[] {
  const byFrame = new Map<string, Detection[]>();
  for (const detection of detections) {
    const list = byFrame.get(detection.frame_id) ?? [];
    list.push(detection);
    byFrame.set(detection.frame_id, list);
  }
  return [...frames]
    .sort((a, b) => a.frameNumber - b.frameNumber)
    .map((frame) => {
      const all = byFrame.get(frame.id) ?? [];
      const shown = all.filter((detection) => detection.confidence >= minConfidence);
      const confidences = shown.map((detection) => detection.confidence);
      return {
        frame,
        detections: shown,
        allCount: all.length,
        meanConfidence: mean(confidences),
        minConfidence: confidences.length === 0 ? null : Math.min(...confidences),
        maxConfidence: confidences.length === 0 ? null : Math.max(...confidences),
        verified: shown.filter((detection) => detection.verified).length,
      };
    });
}

/** Totals over the rows: frames, frames with boxes, boxes, mean confidence, by source. */
export function detectionTotals(rows: readonly FrameDetectionRow[]) {
  const detections = rows.flatMap((row) => row.detections);
  const bySource: Record<string, number> = {};
  for (const detection of detections)
    bySource[detection.source] = (bySource[detection.source] ?? 0) + 1;
  return {
    frames: rows.length,
    withDetections: rows.filter((row) => row.detections.length > 0).length,
    detections: detections.length,
    verified: detections.filter((detection) => detection.verified).length,
    meanConfidence: mean(detections.map((detection) => detection.confidence)),
    bySource,
  };
}

/** Counts of confidences in ten bins of 0.1 (1.0 falls in the last bin). */
export function confidenceHistogram(detections: readonly Pick<Detection, 'confidence'>[]) {
  const bins = Array.from({ length: 10 }, (_, index) => ({
    from: index / 10,
    to: (index + 1) / 10,
    count: 0,
  }));
  for (const { confidence } of detections) {
    const index = Math.min(9, Math.max(0, Math.floor(confidence * 10)));
    const bin = bins[index];
    if (bin !== undefined) bin.count++;
  }
  return bins;
}

/** Confidence shown with two decimals, or a dash when there is none. */
export const confidenceText = (value: number | null): string =>
  value === null ? '–' : value.toFixed(2);

/** One figure of the analysis pages: its text key, value, unit and the WHO verdict if any. */
export type AnalysisFigureKey =
  | 'concentration'
  | 'interval'
  | 'meanCount'
  | 'fieldArea'
  | 'fieldVolume'
  | 'cellsAssessed'
  | 'totalCount'
  | 'progressive'
  | 'totalMotility'
  | 'velocity'
  | 'tracks';
export interface AnalysisFigure {
  readonly key: AnalysisFigureKey;
  readonly value: string;
  readonly unit: string;
  readonly reference: 'within' | 'below' | null;
}

const fixed = (value: number, digits = 1) => value.toFixed(digits);
const verdict = (value: number, limit: number): 'within' | 'below' =>
  value >= limit ? 'within' : 'below';

/** Concentration Analysis: the engine's count-based concentration of the video. */
export function concentrationFigures(analysis: StoredVideoAnalysis): AnalysisFigure[] {
  const c = analysis.concentration;
  const figures: AnalysisFigure[] = [
    {
      key: 'concentration',
      value: fixed(c.mean_concentration_million_per_ml),
      unit: 'M/ml',
      reference: verdict(
        c.mean_concentration_million_per_ml,
        WHO_2021_LIMITS.concentrationMillionPerMl,
      ),
    },
    { key: 'meanCount', value: fixed(c.mean_count_per_frame), unit: '', reference: null },
    { key: 'fieldArea', value: fixed(c.field_area_um2, 0), unit: 'µm²', reference: null },
    { key: 'fieldVolume', value: fixed(c.field_volume_nl, 3), unit: 'nl', reference: null },
  ];
  if (c.ci95 !== undefined)
    figures.splice(1, 0, {
      key: 'interval',
      value: `${fixed(c.ci95[0])} – ${fixed(c.ci95[1])}`,
      unit: 'M/ml',
      reference: null,
    });
  if (c.cells_assessed !== undefined)
    figures.push({
      key: 'cellsAssessed',
      value: fixed(c.cells_assessed, 0),
      unit: '',
      reference: null,
    });
  if (c.total_sperm_count !== null)
    figures.push({
      key: 'totalCount',
      value: fixed(c.total_sperm_count),
      unit: 'M',
      reference: null,
    });
  return figures;
}

/** Motility Analysis: progressive and total motility, mean velocity and tracks. */
export function motilityFigures(analysis: StoredVideoAnalysis): AnalysisFigure[] {
  const m = analysis.motility;
  return [
    {
      key: 'progressive',
      value: fixed(m.progressive_percent),
      unit: '%',
      reference: verdict(m.progressive_percent, WHO_2021_LIMITS.progressiveMotilityPercent),
    },
    {
      key: 'totalMotility',
      value: fixed(m.total_motility_percent),
      unit: '%',
      reference: verdict(m.total_motility_percent, WHO_2021_LIMITS.totalMotilityPercent),
    },
    { key: 'velocity', value: fixed(m.average_velocity), unit: 'µm/s', reference: null },
    { key: 'tracks', value: String(analysis.tracks.length), unit: '', reference: null },
  ];
}

/** The four WHO categories with their share (percent) and track count, in WHO order. */
export function categoryShares(analysis: StoredVideoAnalysis) {
  const counts = new Map<WhoMotilityCategory, number>();
  for (const track of analysis.tracks)
    counts.set(track.category, (counts.get(track.category) ?? 0) + 1);
  return WHO_MOTILITY_CATEGORIES.map((category) => ({
    category,
    percent: analysis.motility.motility_distribution[category],
    tracks: counts.get(category) ?? 0,
  }));
}
