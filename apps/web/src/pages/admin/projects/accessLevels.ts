import type { ProjectAccessLevel } from '@sarm/contracts';

/** Translation keys of the project access levels. */
export const ACCESS_LEVEL_KEYS = {
  admin: 'admin.projectUsers.levelAdmin',
  editor: 'admin.projectUsers.levelEditor',
  member: 'admin.projectUsers.levelMember',
  viewer: 'admin.projectUsers.levelViewer',
} as const satisfies Record<ProjectAccessLevel, string>;

/** Project users dialog: 5 per page, pager only above 5 (spec 3 §2, §9). */
export const PROJECT_USERS_PAGE_SIZE = 5;
export const showsProjectUsersPager = (count: number) => count > PROJECT_USERS_PAGE_SIZE;
