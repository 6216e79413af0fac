/** Standard prompt sets for the synthetic crops, shared by the tests and the benchmark. */
import type { SyntheticCrop } from './synthetic-crop.js';
import type { PromptPoint } from './types.js';

/** Seeds used while tuning the segmenter. */
export const TUNING_SEEDS: readonly number[] = Array.from({ length: 20 }, (_, i) => 1000 + i);
/** Held-out seeds, never looked at while tuning. */
export const HELD_OUT_SEEDS: readonly number[] = Array.from({ length: 20 }, (_, i) => 7000 + i);

/** One foreground click at the head centre. */
export function onePointPrompt(crop: SyntheticCrop): PromptPoint[] {
  return [{ x: crop.head.cx, y: crop.head.cy, label: 1 }];
}

/** Two foreground clicks along the head's long axis and one background click beside the head. */
export function threePointPrompt(crop: SyntheticCrop): PromptPoint[] {
  const { cx, cy, a, b, theta } = crop.head;
  const ca = Math.cos(theta);
  const sa = Math.sin(theta);
  return [
    { x: cx + ca * a * 0.4, y: cy + sa * a * 0.4, label: 1 },
    { x: cx - ca * a * 0.4, y: cy - sa * a * 0.4, label: 1 },
    { x: cx - sa * (b + 5), y: cy + ca * (b + 5), label: 0 },
  ];
}
