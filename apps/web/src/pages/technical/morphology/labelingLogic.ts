import { LABELING_CLASSES, MORPHOLOGY_CLASSES, toMorphologyClass } from '@sarm/contracts';

export type LabelingClass = (typeof LABELING_CLASSES)[number];

/** Spec 2 §9: the labeling confidence slider runs 1 to 5, default 3. */
export const CONFIDENCE_MIN = 1;
export const CONFIDENCE_MAX = 5;
export const DEFAULT_CONFIDENCE = 3;
/** Spec 2 §9: the page returns to review one second after saving. */
export const RETURN_DELAY_MS = 1000;
/** Spec 2 §9: morphology pages list 20 labels or items a page. */
export const MORPHOLOGY_PAGE_SIZE = 20;

/** How one crop was classified: a labeling-page class, or a stored class the list lacks. */
export interface CropClassification {
  readonly className: string;
  readonly confidence: number;
  readonly notes: string;
}

/** What the page knows of an item already in the label. */
export interface StoredItem {
  readonly detection_id: string;
  readonly class_name: string;
  readonly morphology_class: string | null;
  readonly annotator_confidence: number | null;
  readonly notes: string | null;
}

const STORED_TO_LABELING: Partial<Record<(typeof MORPHOLOGY_CLASSES)[number], LabelingClass>> = {
  normal: 'normal',
  head_defect: 'abnormal_head',
  tail_defect: 'abnormal_tail',
  midpiece_defect: 'abnormal_midpiece',
};

/** The labeling class a value names: itself, or the labeling class of a stored class; else null. */
export function labelingClassOf(value: string): LabelingClass | null {
  const labeling = LABELING_CLASSES.find((known) => known === value);
  if (labeling !== undefined) return labeling;
  const stored = MORPHOLOGY_CLASSES.find((known) => known === value);
  return stored === undefined ? null : (STORED_TO_LABELING[stored] ?? null);
}

/** Keeps a confidence within 1-5 as a whole number (3 when it is not a number). */
export function clampConfidence(value: number | null): number {
  if (value === null || !Number.isFinite(value)) return DEFAULT_CONFIDENCE;
  return Math.min(Math.max(Math.round(value), CONFIDENCE_MIN), CONFIDENCE_MAX);
}

/**
 * The classifications the label already holds for these crops: an item with a class counts as
 * classified. The labeling class is the item's class name when it is one, else its stored class.
 */
export function initialClassifications(
  cropIds: readonly string[],
  items: readonly StoredItem[],
): Map<string, CropClassification> {
  const wanted = new Set(cropIds);
  const result = new Map<string, CropClassification>();
  for (const item of items) {
    if (!wanted.has(item.detection_id) || item.morphology_class === null) continue;
    const className =
      labelingClassOf(item.class_name) ??
      labelingClassOf(item.morphology_class) ??
      item.morphology_class;
    result.set(item.detection_id, {
      className,
      confidence: clampConfidence(item.annotator_confidence),
      notes: item.notes ?? '',
    });
  }
  return result;
}

/** How many of the crops are classified. */
export function classifiedCount(
  cropIds: readonly string[],
  classified: ReadonlyMap<string, CropClassification>,
): number {
  return cropIds.filter((id) => classified.has(id)).length;
}

/** Spec 2 §4: In Progress until every crop is classified, then Complete. */
export function labelingStatus(classified: number, total: number): 'complete' | 'inProgress' {
  return total > 0 && classified >= total ? 'complete' : 'inProgress';
}

/** The body of the classifications call: every classified crop of the page, in crop order. */
export function classificationsPayload(
  cropIds: readonly string[],
  classified: ReadonlyMap<string, CropClassification>,
) {
  return cropIds.flatMap((id) => {
    const entry = classified.get(id);
    if (entry === undefined || toMorphologyClass(entry.className) === null) return [];
    return [
      {
        detection_id: id,
        class: entry.className,
        confidence: clampConfidence(entry.confidence),
        notes: entry.notes.trim(),
      },
    ];
  });
}

/** Normal forms against the WHO reference: null without classified cells. */
export function normalFormsVerdict(
  percent: number | null,
  reference: number,
): 'above' | 'below' | null {
  if (percent === null) return null;
  return percent >= reference ? 'above' : 'below';
}

/** The class an item shows: its class name when it names a class of either list, else its stored class. */
export function displayedClass(item: {
  readonly class_name: string;
  readonly morphology_class: string | null;
}): string {
  const named = [...LABELING_CLASSES, ...MORPHOLOGY_CLASSES].find(
    (known) => known === item.class_name,
  );
  return named ?? item.morphology_class ?? 'unknown';
}

/** Keyboard actions of the labeling page: a class by its digit, apply, the next or previous object. */
export type LabelingAction =
  { readonly chooseClass: LabelingClass } | 'apply' | 'nextObject' | 'previousObject';

/** The action of a key press (1-5 the classes in list order, Enter, ← →); none with modifiers. */
export function labelingActionFor(press: {
  readonly key: string;
  readonly ctrlKey: boolean;
  readonly metaKey: boolean;
  readonly altKey: boolean;
}): LabelingAction | null {
  if (press.ctrlKey || press.metaKey || press.altKey) return null;
  if (press.key === 'Enter') return 'apply';
  if (press.key === 'ArrowRight') return 'nextObject';
  if (press.key === 'ArrowLeft') return 'previousObject';
  const digit = Number.parseInt(press.key, 10);
  const chosen = String(digit) === press.key ? LABELING_CLASSES[digit - 1] : undefined;
  return chosen === undefined ? null : { chooseClass: chosen };
}

/** The object after a step, kept within the list; the first or last when none is chosen. */
export function stepObject(ids: readonly string[], current: string | null, step: -1 | 1) {
  if (ids.length === 0) return null;
  const index = current === null ? -1 : ids.indexOf(current);
  if (index === -1) return step === 1 ? (ids[0] ?? null) : (ids[ids.length - 1] ?? null);
  return ids[Math.min(Math.max(index + step, 0), ids.length - 1)] ?? null;
}
