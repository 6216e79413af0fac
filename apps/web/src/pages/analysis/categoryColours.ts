import type { WhoMotilityCategory } from '@sarm/contracts';

/**
 * Colours of the WHO motility categories on the analysis screen, the same as the engine's overlay
 * videos (`CATEGORY_COLOURS` in packages/casa/src/overlay/paint-overlay.ts): rapid progressive
 * green, slow progressive orange, non-progressive blue, immotile red.
 */
export const CATEGORY_COLOURS: Readonly<Record<WhoMotilityCategory, string>> = {
  'Rapid Progressive': 'rgb(40, 210, 60)',
  'Slow Progressive': 'rgb(255, 160, 0)',
  'Non Progressive': 'rgb(40, 140, 255)',
  Immotile: 'rgb(235, 40, 40)',
};

/** i18n keys of the category names. */
export const CATEGORY_LABEL_KEYS = {
  'Rapid Progressive': 'videoAnalysis.categories.rapid',
  'Slow Progressive': 'videoAnalysis.categories.slow',
  'Non Progressive': 'videoAnalysis.categories.nonProgressive',
  Immotile: 'videoAnalysis.categories.immotile',
} as const satisfies Record<WhoMotilityCategory, string>;
