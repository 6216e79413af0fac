import type { CurrentUser } from '@sarm/contracts';

/** A signed-in user for unit tests; override what the test is about. */
export function makeUser(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    id: 'user-1',
    uid: 'uid-1',
    email: 'ana@example.org',
    displayName: 'Ana Lab',
    isActive: true,
    profileCompleted: true,
    profile: { phoneNumber: null, jobTitle: null, department: null, organization: null },
    settings: { darkMode: false, emailNotifications: true, language: 'en', defaultProject: null },
    roles: [],
    permissions: [],
    projects: [],
    access: { business: false, technical: false, admin: false },
    createdAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function permissions(...codes: string[]): CurrentUser['permissions'] {
  return codes.map((code) => ({ code }));
}
