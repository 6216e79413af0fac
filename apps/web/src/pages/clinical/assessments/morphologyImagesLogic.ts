import {
  MORPHOLOGY_DEFECTS,
  type MorphologyCellProposal,
  type MorphologyDefect,
} from '@sarm/contracts';
import { categoryOfKey, COMMIT_KEYS, normalizeKey, type CounterKeyMap } from './counterKeys';

/**
 * Stepping through the cells of one smear image: the current cell, the defects the technician
 * has toggled on it (null while untouched) and the decisions so far. Pure, driven by keys.
 */
export interface CellStepState {
  readonly index: number;
  readonly pending: readonly MorphologyDefect[] | null;
  readonly decisions: readonly { proposal: number; defects: MorphologyDefect[] }[];
}

export const initialCellStep: CellStepState = { index: 0, pending: null, decisions: [] };

/** Accepts the model's proposal of an untouched cell. */
export const ACCEPT_KEY = 'a';

/** What a key did: the new state and, when it decided a cell, that cell's defects. */
export interface CellStepResult {
  readonly state: CellStepState;
  readonly decided: MorphologyDefect[] | null;
}

const ordered = (defects: readonly MorphologyDefect[]) =>
  MORPHOLOGY_DEFECTS.filter((d) => defects.includes(d));

function decide(state: CellStepState, defects: readonly MorphologyDefect[]): CellStepResult {
  const chosen = ordered(defects);
  return {
    state: {
      index: state.index + 1,
      pending: null,
      decisions: [...state.decisions, { proposal: state.index, defects: chosen }],
    },
    decided: chosen,
  };
}

/**
 * One key on the current cell, with the morphology counter's keys: 'normal' decides the cell
 * normal at once; a defect key toggles that defect; Enter (or Space) records the toggled set,
 * or on an untouched cell the proposal, as 'a' does. Null when the key means nothing here
 * (or every cell is decided), so the caller lets it through.
 */
export function stepCellKey(
  state: CellStepState,
  key: string,
  keys: CounterKeyMap,
  proposals: readonly MorphologyCellProposal[],
): CellStepResult | null {
  const proposal = proposals[state.index];
  if (proposal === undefined) return null;
  const pressed = normalizeKey(key);
  if (COMMIT_KEYS.includes(pressed)) return decide(state, state.pending ?? proposal.defects);
  if (pressed === ACCEPT_KEY && state.pending === null) return decide(state, proposal.defects);
  const category = categoryOfKey(keys, key);
  if (category === 'normal') return decide(state, []);
  const defect = MORPHOLOGY_DEFECTS.find((d) => d === category);
  if (defect === undefined) return null;
  const pending = state.pending ?? [];
  const toggled = pending.includes(defect)
    ? pending.filter((d) => d !== defect)
    : [...pending, defect];
  return { state: { ...state, pending: ordered(toggled) }, decided: null };
}

/** Every cell decided: the image's confirmations can be posted. */
export const allDecided = (state: CellStepState, proposals: readonly unknown[]) =>
  state.index >= proposals.length;

/**
 * The square region shown zoomed around a cell: the box with a margin of its larger side,
 * clamped to the image.
 */
export function zoomRegion(
  proposal: Pick<MorphologyCellProposal, 'x' | 'y' | 'width' | 'height'>,
  image: { width: number; height: number },
) {
  const side = Math.min(Math.max(proposal.width, proposal.height) * 3, image.width, image.height);
  const cx = proposal.x + proposal.width / 2;
  const cy = proposal.y + proposal.height / 2;
  const x = Math.min(Math.max(0, cx - side / 2), image.width - side);
  const y = Math.min(Math.max(0, cy - side / 2), image.height - side);
  return { x, y, side };
}

/** Did the counter keep the model's proposal (the same defects, in any order)? */
export const sameDefects = (
  proposed: readonly MorphologyDefect[],
  decided: readonly MorphologyDefect[],
): boolean => ordered(proposed).join('+') === ordered(decided).join('+');
