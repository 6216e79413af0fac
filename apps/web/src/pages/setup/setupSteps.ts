import {
  CreateProjectRequestSchema,
  DEFAULT_DATASET_SETTINGS,
  type CreateProjectRequest,
  type SystemSettings,
} from '@sarm/contracts';
import { WORKFLOW_DASHBOARD, type Workflow } from '../../routing/workflow';
import type { CalibrationForm } from '../settings/calibrationLogic';

/** The steps of first-run setup, in order. */
export const SETUP_STEPS = ['laboratory', 'project', 'calibration'] as const;
export type SetupStep = (typeof SETUP_STEPS)[number];
export type StepOutcome = 'saved' | 'skipped';

export interface SetupProgress {
  /** Index of the open step; `SETUP_STEPS.length` once every step is saved or skipped. */
  readonly active: number;
  readonly outcomes: Readonly<Partial<Record<SetupStep, StepOutcome>>>;
}

export const INITIAL_SETUP_PROGRESS: SetupProgress = { active: 0, outcomes: {} };

export type SetupAction =
  | { readonly type: 'finish'; readonly step: SetupStep; readonly outcome: StepOutcome }
  | { readonly type: 'open'; readonly step: SetupStep };

export const isSetupFinished = (progress: SetupProgress) => progress.active >= SETUP_STEPS.length;

/** The next step without an outcome, looking after `from` first, then from the start. */
function nextOpenStep(outcomes: SetupProgress['outcomes'], from: number): number {
  const open = (index: number) => {
    const step = SETUP_STEPS[index];
    return step !== undefined && outcomes[step] === undefined;
  };
  for (let index = from + 1; index < SETUP_STEPS.length; index += 1) if (open(index)) return index;
  for (let index = 0; index < SETUP_STEPS.length; index += 1) if (open(index)) return index;
  return SETUP_STEPS.length;
}

/**
 * Moves the stepper on. Only the open step can be finished; a step already reached can be opened
 * again to change it, until every step is saved or skipped (then setup is over).
 */
export function advanceSetup(progress: SetupProgress, action: SetupAction): SetupProgress {
  if (isSetupFinished(progress)) return progress;
  const index = SETUP_STEPS.indexOf(action.step);
  switch (action.type) {
    case 'finish': {
      if (index !== progress.active) return progress;
      // Skipping a step reopened after it was saved leaves what was saved in place.
      const kept = progress.outcomes[action.step] === 'saved' ? 'saved' : action.outcome;
      const outcomes = { ...progress.outcomes, [action.step]: kept };
      return { active: nextOpenStep(outcomes, index), outcomes };
    }
    case 'open': {
      const reached = index <= progress.active || progress.outcomes[action.step] !== undefined;
      return reached ? { ...progress, active: index } : progress;
    }
  }
}

/** Where each step's settings are edited after setup. */
export const STEP_HOME: Readonly<Record<SetupStep, string>> = {
  laboratory: '/admin/settings',
  project: '/admin/projects',
  calibration: '/settings',
};

/** "Go to the dashboard": the dashboard of the workflow the first project was made for. */
export function dashboardAfterSetup(projectWorkflow: Workflow | null): string {
  return projectWorkflow === null ? '/dashboard' : WORKFLOW_DASHBOARD[projectWorkflow];
}

type General = SystemSettings['general'];
export type LaboratoryIdentity = Pick<
  General,
  | 'laboratoryName'
  | 'laboratoryAddress'
  | 'laboratoryPhone'
  | 'laboratoryAccreditation'
  | 'laboratoryLogo'
>;

/** Only the laboratory identity is sent, so the other general settings keep their saved values. */
export function laboratoryChanges(general: General): LaboratoryIdentity {
  return {
    laboratoryName: general.laboratoryName,
    laboratoryAddress: general.laboratoryAddress,
    laboratoryPhone: general.laboratoryPhone,
    laboratoryAccreditation: general.laboratoryAccreditation,
    laboratoryLogo: general.laboratoryLogo,
  };
}

export interface FirstProjectForm {
  readonly name: string;
  readonly description: string;
  readonly workflow: Workflow;
}

export type FirstProjectResult =
  | { readonly ok: true; readonly request: CreateProjectRequest }
  | { readonly ok: false; readonly errors: Partial<Record<'name' | 'description', string>> };

/** The create-project body, checked by the contract the server applies. */
export function firstProjectRequest(form: FirstProjectForm): FirstProjectResult {
  const parsed = CreateProjectRequestSchema.safeParse({
    name: form.name,
    description: form.description,
    status: 'active',
  });
  if (parsed.success) return { ok: true, request: parsed.data };
  const errors: Partial<Record<'name' | 'description', string>> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path[0];
    if (key === 'name' || key === 'description') errors[key] ??= issue.message;
  }
  return { ok: false, errors };
}

/** Texts of the calibration defaults, in the user's language. */
export interface CalibrationDefaultTexts {
  readonly name: string;
  readonly objective: string;
  readonly chamberName: string;
}

/**
 * A starting point close to common CASA set-ups and to what the engine assumes when nothing is
 * given: the samples' default scale (0.5 µm per pixel), 50 frames per second (the tracker's
 * default) and a 20 µm chamber (the samples' default depth).
 */
export function calibrationDefaults(texts: CalibrationDefaultTexts): CalibrationForm {
  return {
    name: texts.name,
    objective: texts.objective,
    umPerPixel: String(DEFAULT_DATASET_SETTINGS.um_per_pixel),
    frameRateFps: '50',
    chamberName: texts.chamberName,
    chamberDepthUm: String(DEFAULT_DATASET_SETTINGS.chamber_depth_um),
  };
}
