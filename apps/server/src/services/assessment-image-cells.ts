import { ClassicalDetector, frameIndex, resolveSettings } from '@sarm/casa';
import {
  LABELING_TO_MORPHOLOGY,
  MORPHOLOGY_DEFECTS,
  toMorphologyClass,
  type LABELING_CLASSES,
  type MorphologyClass,
  type MorphologyCellProposal,
  type MorphologyDefect,
} from '@sarm/contracts';

type LabelingClass = (typeof LABELING_CLASSES)[number];

/** A head box in image pixels (x2, y2 exclusive), as the crops are cut. */
export interface SmearHeadBox {
  readonly x1: number;
  readonly y1: number;
  readonly x2: number;
  readonly y2: number;
}

/**
 * Head candidates of a stained smear: the casa classical detector with bright-field polarity
 * (stained heads are dark on a light background) at the sample's scale. Only single heads are
 * proposed: a cluster or a pinhead is no cell the technician can classify. Pure: pixels in,
 * boxes out, in reading order (top to bottom, then left to right) so the panel steps predictably.
 */
export function findStainedHeads(
  image: { readonly width: number; readonly height: number; readonly data: Uint8Array },
  umPerPixel: number,
): SmearHeadBox[] {
  const settings = resolveSettings({ umPerPixel, polarity: 'dark' });
  const detector = new ClassicalDetector(settings);
  const found = detector.detect({ index: frameIndex(0), ...image }, settings);
  return found
    .filter((d) => d.className === 'sperm')
    .map((d) => ({ x1: d.x1, y1: d.y1, x2: d.x2, y2: d.y2 }))
    .sort((a, b) => a.y1 - b.y1 || a.x1 - b.x1);
}

/**
 * The defects a classifier's class name stands for. Class names of either technical list are
 * read through the contracts' mapping; a cytoplasmic droplet is the bench's excess residual
 * cytoplasm (erc). "Multiple defects" does not say which: all three regions are proposed, so the
 * technician removes the ones not seen (the cell is abnormal either way). Unknown names: none.
 */
export function defectsOfModelClass(className: string): MorphologyDefect[] {
  if (className === 'cytoplasmic_droplet') return ['erc'];
  const stored = toMorphologyClass(className);
  switch (stored) {
    case 'head_defect':
      return ['head'];
    case 'midpiece_defect':
      return ['midpiece'];
    case 'tail_defect':
      return ['tail'];
    case 'multiple_defects':
      return ['head', 'midpiece', 'tail'];
    case 'normal':
    case 'unknown':
    case null:
      return [];
  }
}

const SINGLE_DEFECT_CLASS: Record<MorphologyDefect, LabelingClass> = {
  head: 'abnormal_head',
  midpiece: 'abnormal_midpiece',
  tail: 'abnormal_tail',
  erc: 'cytoplasmic_droplet',
};

/**
 * A technician's defects as a technical data label item classes them: `className` in the
 * labelling page's list (the first defect in the bench's order when there are several, as that
 * list has no "several" class) and `morphologyClass` in the review list (multiple defects then).
 */
export function labelClassesOfDefects(defects: readonly MorphologyDefect[]): {
  className: LabelingClass;
  morphologyClass: MorphologyClass;
} {
  const [first, ...others] = canonicalDefects(defects);
  if (first === undefined) return { className: 'normal', morphologyClass: 'normal' };
  const className = SINGLE_DEFECT_CLASS[first];
  return {
    className,
    morphologyClass: others.length > 0 ? 'multiple_defects' : LABELING_TO_MORPHOLOGY[className],
  };
}

/** The same defects, in the contracts' order and without repeats (a set, as the counter tallies). */
export function canonicalDefects(defects: readonly MorphologyDefect[]): MorphologyDefect[] {
  return MORPHOLOGY_DEFECTS.filter((defect) => defects.includes(defect));
}

const sameDefects = (a: readonly MorphologyDefect[], b: readonly MorphologyDefect[]) =>
  canonicalDefects(a).join(',') === canonicalDefects(b).join(',');

/** One cell as the technician decided it, beside what was proposed. */
export interface DecidedCell {
  readonly proposal: number;
  readonly proposed: MorphologyCellProposal;
  readonly defects: MorphologyDefect[];
}

/**
 * Splits the technician's decisions into confirmed (same defects as the proposal) and corrected
 * ones. Returns the unknown or repeated proposal index instead when there is one.
 */
export function judgeConfirmations(
  proposals: readonly MorphologyCellProposal[],
  cells: readonly { proposal: number; defects: readonly MorphologyDefect[] }[],
): { confirmed: DecidedCell[]; corrected: DecidedCell[] } | { invalidProposal: number } {
  const seen = new Set<number>();
  const confirmed: DecidedCell[] = [];
  const corrected: DecidedCell[] = [];
  for (const cell of cells) {
    const proposed = proposals[cell.proposal];
    if (proposed === undefined || seen.has(cell.proposal))
      return { invalidProposal: cell.proposal };
    seen.add(cell.proposal);
    const decided = { proposal: cell.proposal, proposed, defects: canonicalDefects(cell.defects) };
    (sameDefects(proposed.defects, cell.defects) ? confirmed : corrected).push(decided);
  }
  return { confirmed, corrected };
}
