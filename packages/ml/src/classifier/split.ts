/** A seeded validation split that keeps each class's share (stratified). */
import type { Random } from '../random.js';
import { shuffled } from '../random.js';

/**
 * Holds out `fraction` of each label's items (rounded), chosen at random. With a fraction above
 * zero and two or more items, at least one is held out and at least one is kept for training.
 */
export function stratifiedSplit<T extends { readonly label: number }>(
  items: readonly T[],
  fraction: number,
  random: Random,
): { training: T[]; validation: T[] } {
  const share = Math.min(1, Math.max(0, fraction));
  const byLabel = new Map<number, T[]>();
  for (const item of items) {
    const group = byLabel.get(item.label);
    if (group) group.push(item);
    else byLabel.set(item.label, [item]);
  }
  const groups = [...byLabel.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([, group]) => shuffled(group, random));
  const held = groups.map((g) => Math.round(g.length * share));
  const heldTotal = held.reduce((a, b) => a + b, 0);
  if (share > 0 && items.length >= 2) {
    const largest = groups.reduce(
      (best, g, i) => (g.length > (groups[best]?.length ?? 0) ? i : best),
      0,
    );
    if (heldTotal === 0) held[largest] = 1;
    if (heldTotal === items.length) held[largest] = (held[largest] ?? 1) - 1;
  }
  const validation = groups.flatMap((g, i) => g.slice(0, held[i]));
  const training = groups.flatMap((g, i) => g.slice(held[i]));
  return { training, validation };
}
