import { describe, expect, it } from 'vitest';
import { makeUser, permissions } from '../../testing/makeUser';
import { decideFirstRun, mayRunFirstRunSetup, type FirstRunFacts } from './firstRunDecision';

const facts = (overrides: Partial<FirstRunFacts>): FirstRunFacts => ({
  mayRunSetup: true,
  projectCount: { state: 'known', value: 0 },
  setupCompletedAt: { state: 'known', value: null },
  ...overrides,
});

describe('mayRunFirstRunSetup', () => {
  it('needs both project and settings management', () => {
    const both = makeUser({
      permissions: permissions('system.manage_projects', 'system.manage_settings'),
    });
    const projectsOnly = makeUser({ permissions: permissions('system.manage_projects') });
    const settingsOnly = makeUser({ permissions: permissions('system.manage_settings') });
    expect(mayRunFirstRunSetup(both)).toBe(true);
    expect(mayRunFirstRunSetup(projectsOnly)).toBe(false);
    expect(mayRunFirstRunSetup(settingsOnly)).toBe(false);
    expect(mayRunFirstRunSetup(makeUser())).toBe(false);
    expect(mayRunFirstRunSetup(null)).toBe(false);
  });
});

describe('decideFirstRun', () => {
  it('leads an administrator with no project and unfinished setup to /setup', () => {
    expect(decideFirstRun(facts({}))).toBe('setup');
  });

  it('never leads a user who may not run setup, whatever is known', () => {
    expect(decideFirstRun(facts({ mayRunSetup: false }))).toBe('stay');
    expect(decideFirstRun(facts({ mayRunSetup: false, projectCount: { state: 'pending' } }))).toBe(
      'stay',
    );
  });

  it('leaves an administrator who belongs to a project where they are', () => {
    expect(decideFirstRun(facts({ projectCount: { state: 'known', value: 1 } }))).toBe('stay');
    // The setup state is not even needed then.
    expect(
      decideFirstRun(
        facts({
          projectCount: { state: 'known', value: 3 },
          setupCompletedAt: { state: 'pending' },
        }),
      ),
    ).toBe('stay');
  });

  it('does not lead again once setup was finished or skipped', () => {
    expect(
      decideFirstRun(
        facts({ setupCompletedAt: { state: 'known', value: '2026-12-02T08:00:00.000Z' } }),
      ),
    ).toBe('stay');
  });

  it('waits while the projects or the setup state are loading', () => {
    expect(decideFirstRun(facts({ projectCount: { state: 'pending' } }))).toBe('pending');
    expect(decideFirstRun(facts({ setupCompletedAt: { state: 'pending' } }))).toBe('pending');
  });

  it('shows the requested page when a look-up failed rather than blocking it', () => {
    expect(decideFirstRun(facts({ projectCount: { state: 'failed' } }))).toBe('stay');
    expect(decideFirstRun(facts({ setupCompletedAt: { state: 'failed' } }))).toBe('stay');
  });
});
