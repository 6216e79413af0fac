import { LABELING_CLASSES, MORPHOLOGY_CLASSES } from '@sarm/contracts';
import type { TFunction } from 'i18next';

/** The words for a class of either list (labeling page or stored); the raw value otherwise. */
export function classText(t: TFunction, value: string): string {
  const labeling = LABELING_CLASSES.find((known) => known === value);
  if (labeling !== undefined) return t(`technical.morphology.classes.${labeling}`);
  const stored = MORPHOLOGY_CLASSES.find((known) => known === value);
  if (stored !== undefined) return t(`technical.segmentation.classes.${stored}`);
  return value;
}
