import type { Detection } from '@sarm/contracts';

export type ConfidenceLevel = 'high' | 'medium' | 'orange' | 'red';

/** Box colour level: above 0.8 high, above 0.6 medium, above 0.4 orange, otherwise red. */
export function confidenceLevel(confidence: number): ConfidenceLevel {
  if (confidence > 0.8) return 'high';
  if (confidence > 0.6) return 'medium';
  if (confidence > 0.4) return 'orange';
  return 'red';
}

export const CONFIDENCE_COLOURS: Record<ConfidenceLevel, string> = {
  high: '#2e7d32',
  medium: '#f9a825',
  orange: '#ef6c00',
  red: '#d32f2f',
};

/** Summary bands: high above 0.8, medium above 0.6 up to 0.8, low 0.6 or below. */
export function detectionSummary(detections: readonly Pick<Detection, 'confidence'>[]) {
  let high = 0;
  let medium = 0;
  let low = 0;
  for (const { confidence } of detections) {
    if (confidence > 0.8) high++;
    else if (confidence > 0.6) medium++;
    else low++;
  }
  return { total: detections.length, high, medium, low };
}

export const CANVAS_MAX_HEIGHT = 600;
export const CANVAS_CONTAINER_WIDTH = 700;

/** Display scale of a frame inside the container: fits 700 px wide and at most 600 px high. */
export function canvasScale(width: number, height: number): number {
  if (width <= 0 || height <= 0) return 1;
  return Math.min(CANVAS_CONTAINER_WIDTH / width, CANVAS_MAX_HEIGHT / height);
}

/** The detection whose box contains the point (frame pixels); the smallest box wins. */
export function detectionAt<T extends Pick<Detection, 'x1' | 'y1' | 'x2' | 'y2'>>(
  detections: readonly T[],
  x: number,
  y: number,
  slack = 2,
): T | null {
  let best: T | null = null;
  let bestArea = Infinity;
  for (const d of detections) {
    if (x < d.x1 - slack || x > d.x2 + slack || y < d.y1 - slack || y > d.y2 + slack) continue;
    const area = (d.x2 - d.x1) * (d.y2 - d.y1);
    if (area < bestArea) {
      best = d;
      bestArea = area;
    }
  }
  return best;
}

/** Progress of a detection task as a percentage. */
export const detectPercent = (current: number, total: number) =>
  total <= 0 ? 0 : Math.round((100 * current) / total);
