import {
  MAR_METHODS,
  MORPHOLOGY_DEFECTS,
  MORPHOLOGY_METHODS,
  ROUND_CELL_METHODS,
  VITALITY_METHODS,
  type AssessmentInput,
  type MarReplicate,
  type MorphologyReplicate,
  type RoundCellReplicate,
  type VitalityReplicate,
} from '@sarm/contracts';
import type { CounterCategory } from './counterKeys';
import { modelAssistance, type CounterEntry, type CounterState } from './tallyCounter';

/**
 * The counter's replicates turned into the contract's `AssessmentInput`: what is saved, and what
 * `assessmentFigures` reads for the live percentages while counting.
 */

const countOf = (entries: readonly CounterEntry[], category: CounterCategory) =>
  entries.filter((entry) => entry.kind === 'count' && entry.category === category).length;

const vitalityReplicate = (entries: readonly CounterEntry[]): VitalityReplicate => ({
  live: countOf(entries, 'live'),
  dead: countOf(entries, 'dead'),
});

const roundCellReplicate = (entries: readonly CounterEntry[]): RoundCellReplicate => ({
  sperm: countOf(entries, 'sperm'),
  peroxidase_positive: countOf(entries, 'peroxidase_positive'),
  peroxidase_negative: countOf(entries, 'peroxidase_negative'),
});

const marReplicate = (entries: readonly CounterEntry[]): MarReplicate => ({
  bound: countOf(entries, 'bound'),
  unbound: countOf(entries, 'unbound'),
});

/** Morphology cells grouped by their set of defects, in the contract's defect order. */
export function morphologyReplicate(entries: readonly CounterEntry[]): MorphologyReplicate {
  let normal = 0;
  const abnormal = new Map<string, MorphologyReplicate['abnormal'][number]>();
  for (const entry of entries) {
    if (entry.kind !== 'cell') continue;
    const defects = MORPHOLOGY_DEFECTS.filter((defect) => entry.defects.includes(defect));
    if (defects.length === 0) {
      normal += 1;
      continue;
    }
    const combination = defects.join('+');
    const tally = abnormal.get(combination) ?? { defects, count: 0 };
    abnormal.set(combination, { ...tally, count: tally.count + 1 });
  }
  return { normal, abnormal: [...abnormal.values()] };
}

/** Finished replicates and the one being counted when it holds any cell. */
export function countedReplicates(state: CounterState): (readonly CounterEntry[])[] {
  return state.current.length > 0 ? [...state.finished, state.current] : [...state.finished];
}

const methodIn = <T extends string>(methods: readonly T[], method: string): T | undefined =>
  methods.find((candidate) => candidate === method);

/**
 * The counter as the contract's input with the chosen method, replicates so far (the live
 * figures) or all of them once done (what is saved). Null when the method is not one of the
 * module's or nothing was counted yet.
 */
export function counterAssessmentInput(
  state: CounterState,
  method: string,
  notes = '',
): AssessmentInput | null {
  const replicates = countedReplicates(state);
  if (replicates.length === 0) return null;
  switch (state.module) {
    case 'vitality': {
      const chosen = methodIn(VITALITY_METHODS, method);
      if (chosen === undefined) return null;
      const counts = replicates.map(vitalityReplicate);
      return { module: 'vitality', method: chosen, replicates: counts, notes };
    }
    case 'morphology': {
      const chosen = methodIn(MORPHOLOGY_METHODS, method);
      if (chosen === undefined) return null;
      const counts = replicates.map(morphologyReplicate);
      return {
        module: 'morphology',
        method: chosen,
        replicates: counts,
        notes,
        model_assisted: modelAssistance(replicates.flat()),
      };
    }
    case 'round_cells': {
      const chosen = methodIn(ROUND_CELL_METHODS, method);
      if (chosen === undefined) return null;
      const counts = replicates.map(roundCellReplicate);
      return { module: 'round_cells', method: chosen, replicates: counts, notes };
    }
    case 'mar': {
      const chosen = methodIn(MAR_METHODS, method);
      if (chosen === undefined) return null;
      return { module: 'mar', method: chosen, replicates: replicates.map(marReplicate), notes };
    }
  }
}
