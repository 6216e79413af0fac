import type { CurrentUser } from '@sarm/contracts';
import type { ColorMode } from '../theme/theme';

export interface SignInPreferences {
  /** The theme saved on the server; it replaces this browser's theme at sign-in. */
  readonly colorMode: ColorMode;
  /** The project to preselect (`currentProjectId`), or null to leave the stored one alone. */
  readonly currentProjectId: string | null;
}

/**
 * What a sign-in applies from the user's saved settings, so they follow the user to any browser.
 * A default project the user no longer belongs to is ignored.
 */
export function signInPreferences(user: CurrentUser): SignInPreferences {
  const { darkMode, defaultProject } = user.settings;
  const member = user.projects.some((project) => project.id === defaultProject);
  return {
    colorMode: darkMode ? 'dark' : 'light',
    currentProjectId: defaultProject !== null && member ? defaultProject : null,
  };
}
