import type { ConcentrationReport, MotilityReport } from '@sarm/contracts';
import type { TFunction } from 'i18next';
import { assessedText, assessmentWarnings, videosDriftText } from '../analysis/uncertaintyLogic';

type Row = readonly [string, string];

/** Unlabelled PDF rows (the value printed alone); null texts are left out. */
const unlabelled = (texts: readonly (string | null)[]): Row[] =>
  texts.filter((text): text is string => text !== null).map((text) => ['', text] as const);

/** Under the pooled concentration: the cells assessed and the "fewer than 200" warning. */
export function concentrationUncertaintyRows(report: ConcentrationReport, t: TFunction): Row[] {
  const a = report.aggregated_results;
  return unlabelled([
    assessedText('cells', a.cells_assessed, t),
    ...assessmentWarnings(
      { cellsAssessed: a.cells_assessed, cellsWarning: a.concentration_warning },
      t,
    ),
  ]);
}

/** Under the pooled motility: the tracks assessed, the drift removed and the warning. */
export function motilityUncertaintyRows(report: MotilityReport, t: TFunction): Row[] {
  const a = report.aggregated_results;
  return unlabelled([
    assessedText('tracks', a.tracks_assessed, t),
    videosDriftText(
      report.video_summaries.map((summary) => summary.drift),
      t,
    ),
    ...assessmentWarnings(
      { tracksAssessed: a.tracks_assessed, tracksWarning: a.motility_warning },
      t,
    ),
  ]);
}
