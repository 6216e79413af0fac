import type { CurrentUser } from '@sarm/contracts';
import {
  ADMIN_ROUTE_REQUIREMENTS,
  meetsRequirement,
  type AdminSection,
} from '../routing/guardDecision';
import type { Workflow } from '../routing/workflow';

export type NavLabelKey =
  | 'nav.dashboard'
  | 'nav.manageVideos'
  | 'nav.generateReport'
  | 'nav.qualityControl'
  | 'nav.liveCapture'
  | 'nav.datasets'
  | 'nav.uploadVideos'
  | 'nav.frameExtraction'
  | 'nav.annotation'
  | 'nav.training'
  | 'nav.prediction'
  | 'nav.adminUsers'
  | 'nav.adminRoles'
  | 'nav.adminPermissions'
  | 'nav.adminProjects'
  | 'nav.adminLogs'
  | 'nav.adminSettings';

export type NavIcon =
  | 'dashboard'
  | 'videos'
  | 'report'
  | 'qualityControl'
  | 'live'
  | 'datasets'
  | 'upload'
  | 'frames'
  | 'annotation'
  | 'training'
  | 'prediction'
  | 'users'
  | 'roles'
  | 'permissions'
  | 'projects'
  | 'logs'
  | 'settings';

export interface NavItem {
  readonly labelKey: NavLabelKey;
  readonly path: string;
  readonly icon: NavIcon;
}

/** Simple navigation of each workflow (spec 1 §2.3; technical entries follow spec 2 §2.3). */
export const WORKFLOW_NAV: Record<Workflow, readonly NavItem[]> = {
  business: [
    { labelKey: 'nav.dashboard', path: '/sarm/dashboard', icon: 'dashboard' },
    { labelKey: 'nav.manageVideos', path: '/sarm/videos', icon: 'videos' },
    { labelKey: 'nav.generateReport', path: '/sarm/reports', icon: 'report' },
    { labelKey: 'nav.qualityControl', path: '/sarm/quality-control', icon: 'qualityControl' },
    { labelKey: 'nav.liveCapture', path: '/sarm/live', icon: 'live' },
  ],
  technical: [
    { labelKey: 'nav.dashboard', path: '/finetune/dashboard', icon: 'dashboard' },
    { labelKey: 'nav.datasets', path: '/finetune/datasets', icon: 'datasets' },
    { labelKey: 'nav.uploadVideos', path: '/finetune/videos', icon: 'upload' },
    { labelKey: 'nav.frameExtraction', path: '/finetune/frame-extraction', icon: 'frames' },
    { labelKey: 'nav.annotation', path: '/finetune/annotation', icon: 'annotation' },
    { labelKey: 'nav.training', path: '/finetune/training', icon: 'training' },
    { labelKey: 'nav.prediction', path: '/finetune/prediction', icon: 'prediction' },
  ],
};

const ADMIN_NAV: readonly (NavItem & { readonly section: AdminSection })[] = [
  { section: 'users', labelKey: 'nav.adminUsers', path: '/admin/users', icon: 'users' },
  { section: 'roles', labelKey: 'nav.adminRoles', path: '/admin/roles', icon: 'roles' },
  {
    section: 'permissions',
    labelKey: 'nav.adminPermissions',
    path: '/admin/permissions',
    icon: 'permissions',
  },
  { section: 'projects', labelKey: 'nav.adminProjects', path: '/admin/projects', icon: 'projects' },
  { section: 'logs', labelKey: 'nav.adminLogs', path: '/admin/logs', icon: 'logs' },
  { section: 'settings', labelKey: 'nav.adminSettings', path: '/admin/settings', icon: 'settings' },
];

/** Administration links the user may open; the same rules as the admin route guards. */
export function adminNavFor(user: CurrentUser): NavItem[] {
  return ADMIN_NAV.filter((item) => meetsRequirement(user, ADMIN_ROUTE_REQUIREMENTS[item.section]));
}

/** The workflow whose navigation the sidebar shows when the path itself belongs to none. */
export function defaultWorkflow(access: CurrentUser['access']): Workflow | null {
  if (access.business) return 'business';
  if (access.technical) return 'technical';
  return null;
}
