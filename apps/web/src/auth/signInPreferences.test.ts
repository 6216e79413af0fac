import { describe, expect, it } from 'vitest';
import { makeUser } from '../testing/makeUser';
import { signInPreferences } from './signInPreferences';

const settings = (changes: Partial<ReturnType<typeof makeUser>['settings']>) => ({
  darkMode: false,
  emailNotifications: true,
  language: 'en' as const,
  defaultProject: null,
  ...changes,
});
const project = { id: 'p-1', name: 'Andrology', accessLevel: 'member' as const };

describe('signInPreferences', () => {
  it('takes the saved theme', () => {
    expect(signInPreferences(makeUser({ settings: settings({ darkMode: true }) })).colorMode).toBe(
      'dark',
    );
    expect(signInPreferences(makeUser()).colorMode).toBe('light');
  });

  it('preselects the default project when the user belongs to it', () => {
    const user = makeUser({ settings: settings({ defaultProject: 'p-1' }), projects: [project] });
    expect(signInPreferences(user).currentProjectId).toBe('p-1');
  });

  it('leaves the current project alone without a default or with one no longer accessible', () => {
    expect(signInPreferences(makeUser({ projects: [project] })).currentProjectId).toBeNull();
    const gone = makeUser({ settings: settings({ defaultProject: 'p-9' }), projects: [project] });
    expect(signInPreferences(gone).currentProjectId).toBeNull();
  });
});
