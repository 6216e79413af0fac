import { workflowOfPath } from '../routing/workflow';

export type PageTitleKey =
  | 'pages.dashboard'
  | 'pages.businessDashboard'
  | 'pages.technicalDashboard'
  | 'pages.profile'
  | 'pages.settings'
  | 'pages.administration'
  | 'pages.business'
  | 'pages.technical'
  | 'nav.adminUsers'
  | 'nav.adminRoles'
  | 'nav.adminPermissions'
  | 'nav.adminProjects'
  | 'nav.adminLogs'
  | 'nav.adminSettings'
  | 'setup.title';

const ADMIN_TITLES: Readonly<Record<string, PageTitleKey>> = {
  users: 'nav.adminUsers',
  roles: 'nav.adminRoles',
  permissions: 'nav.adminPermissions',
  projects: 'nav.adminProjects',
  logs: 'nav.adminLogs',
  settings: 'nav.adminSettings',
};

/** The current-page name shown in the top bar and the document title. */
export function pageTitleKey(pathname: string): PageTitleKey {
  const [first = '', second = ''] = pathname.split('/').filter((s) => s.length > 0);
  if (first === 'sarm' && second === 'dashboard') return 'pages.businessDashboard';
  if (first === 'finetune' && second === 'dashboard') return 'pages.technicalDashboard';
  if (first === 'profile') return 'pages.profile';
  if (first === 'settings') return 'pages.settings';
  if (first === 'setup') return 'setup.title';
  if (first === 'admin') return ADMIN_TITLES[second] ?? 'pages.administration';
  switch (workflowOfPath(pathname)) {
    case 'business':
      return 'pages.business';
    case 'technical':
      return 'pages.technical';
    case null:
      return 'pages.dashboard';
  }
}
