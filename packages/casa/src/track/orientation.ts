import type { Detection } from '../detect/types.js';

/** Heads rounder than this have no reliable direction. */
const MIN_ELLIPTICITY = 1.2;
/** Cost of a head that turned by 90° between two frames (in units of the assignment cost). */
const TURN_WEIGHT = 2;

/** The head's long-axis direction, or null when it looks round. */
export function headAngle(d: Detection): number | null {
  return d.morphometry.ellipticity >= MIN_ELLIPTICITY ? d.angle : null;
}

/**
 * A head keeps its orientation from one frame to the next (it yaws a little with the beat), so
 * when two cells cross, the direction of each head tells them apart where positions alone cannot.
 * The cost grows with sin² of the change of the (axial) direction.
 */
export function turnCost(trackAngle: number | null, d: Detection): number {
  const angle = headAngle(d);
  if (trackAngle === null || angle === null) return 0;
  return TURN_WEIGHT * Math.sin(angle - trackAngle) ** 2;
}
