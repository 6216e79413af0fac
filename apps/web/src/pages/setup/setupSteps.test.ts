import { DEFAULT_SYSTEM_SETTINGS } from '@sarm/contracts';
import { describe, expect, it } from 'vitest';
import { calibrationInput } from '../settings/calibrationLogic';
import {
  INITIAL_SETUP_PROGRESS,
  SETUP_STEPS,
  advanceSetup,
  calibrationDefaults,
  dashboardAfterSetup,
  firstProjectRequest,
  isSetupFinished,
  laboratoryChanges,
  type SetupAction,
} from './setupSteps';

const run = (...actions: SetupAction[]) => actions.reduce(advanceSetup, INITIAL_SETUP_PROGRESS);

describe('advanceSetup', () => {
  it('goes through the three steps in order, saved or skipped, then finishes', () => {
    expect(SETUP_STEPS).toEqual(['laboratory', 'project', 'calibration']);
    const afterFirst = run({ type: 'finish', step: 'laboratory', outcome: 'saved' });
    expect(afterFirst.active).toBe(1);
    expect(isSetupFinished(afterFirst)).toBe(false);
    const done = run(
      { type: 'finish', step: 'laboratory', outcome: 'saved' },
      { type: 'finish', step: 'project', outcome: 'skipped' },
      { type: 'finish', step: 'calibration', outcome: 'saved' },
    );
    expect(isSetupFinished(done)).toBe(true);
    expect(done.outcomes).toEqual({
      laboratory: 'saved',
      project: 'skipped',
      calibration: 'saved',
    });
  });

  it('finishes when every step is skipped', () => {
    const done = run(
      { type: 'finish', step: 'laboratory', outcome: 'skipped' },
      { type: 'finish', step: 'project', outcome: 'skipped' },
      { type: 'finish', step: 'calibration', outcome: 'skipped' },
    );
    expect(isSetupFinished(done)).toBe(true);
  });

  it('ignores finishing a step that is not open', () => {
    const progress = run({ type: 'finish', step: 'calibration', outcome: 'saved' });
    expect(progress).toEqual(INITIAL_SETUP_PROGRESS);
  });

  it('reopens a reached step and, once it is saved again, returns to the first open step', () => {
    const reopened = run(
      { type: 'finish', step: 'laboratory', outcome: 'skipped' },
      { type: 'finish', step: 'project', outcome: 'saved' },
      { type: 'open', step: 'laboratory' },
    );
    expect(reopened.active).toBe(0);
    const saved = advanceSetup(reopened, { type: 'finish', step: 'laboratory', outcome: 'saved' });
    expect(saved.active).toBe(2);
    expect(saved.outcomes.laboratory).toBe('saved');
  });

  it('keeps a saved step saved when it is reopened and then skipped', () => {
    const progress = run(
      { type: 'finish', step: 'laboratory', outcome: 'saved' },
      { type: 'open', step: 'laboratory' },
      { type: 'finish', step: 'laboratory', outcome: 'skipped' },
    );
    expect(progress.outcomes.laboratory).toBe('saved');
    expect(progress.active).toBe(1);
  });

  it('does not open a step not reached yet, nor change anything after the end', () => {
    expect(run({ type: 'open', step: 'calibration' }).active).toBe(0);
    const done = run(
      { type: 'finish', step: 'laboratory', outcome: 'skipped' },
      { type: 'finish', step: 'project', outcome: 'skipped' },
      { type: 'finish', step: 'calibration', outcome: 'skipped' },
    );
    expect(advanceSetup(done, { type: 'open', step: 'laboratory' })).toBe(done);
  });
});

describe('dashboardAfterSetup', () => {
  it('opens the dashboard of the first project workflow, or /dashboard without a project', () => {
    expect(dashboardAfterSetup('business')).toBe('/sarm/dashboard');
    expect(dashboardAfterSetup('technical')).toBe('/finetune/dashboard');
    expect(dashboardAfterSetup(null)).toBe('/dashboard');
  });
});

describe('laboratoryChanges', () => {
  it('sends only the laboratory identity, never the other general settings', () => {
    const general = {
      ...DEFAULT_SYSTEM_SETTINGS.general,
      siteName: 'Changed elsewhere',
      maxUploadSize: 5,
      laboratoryName: 'Andrology Lab',
      laboratoryPhone: '+84 28 1234',
    };
    const changes = laboratoryChanges(general);
    expect(changes).toEqual({
      laboratoryName: 'Andrology Lab',
      laboratoryAddress: '',
      laboratoryPhone: '+84 28 1234',
      laboratoryAccreditation: '',
      laboratoryLogo: '',
    });
    expect(changes).not.toHaveProperty('siteName');
  });
});

describe('firstProjectRequest', () => {
  it('makes an active project with the trimmed name', () => {
    expect(
      firstProjectRequest({
        name: '  Andrology 2026 ',
        description: 'IVF lab',
        workflow: 'business',
      }),
    ).toEqual({
      ok: true,
      request: { name: 'Andrology 2026', description: 'IVF lab', status: 'active' },
    });
  });

  it('refuses an empty name with the server message', () => {
    expect(firstProjectRequest({ name: '  ', description: '', workflow: 'technical' })).toEqual({
      ok: false,
      errors: { name: 'Project Name is required' },
    });
  });
});

describe('calibrationDefaults', () => {
  it('fills a profile the server accepts as it stands', () => {
    const form = calibrationDefaults({
      name: 'Main microscope',
      objective: '20× phase contrast',
      chamberName: 'Disposable 20 µm chamber',
    });
    const checked = calibrationInput(form);
    expect(checked).toEqual({
      ok: true,
      input: {
        name: 'Main microscope',
        objective: '20× phase contrast',
        um_per_pixel: 0.5,
        frame_rate_fps: 50,
        chamber_name: 'Disposable 20 µm chamber',
        chamber_depth_um: 20,
      },
    });
  });
});
