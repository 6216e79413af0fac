import type { CurrentUser } from '@sarm/contracts';

export type Workflow = 'business' | 'technical';

export const WORKFLOW_DASHBOARD: Record<Workflow, string> = {
  business: '/sarm/dashboard',
  technical: '/finetune/dashboard',
};

/** Which workflow a path belongs to; both route families count (spec 1 §2.2, spec 2 §2). */
export function workflowOfPath(pathname: string): Workflow | null {
  const first = pathname.split('/')[1] ?? '';
  if (first === 'sarm' || first === 'business') return 'business';
  if (first === 'finetune' || first === 'technical') return 'technical';
  return null;
}

type Access = CurrentUser['access'];

export function hasWorkflowAccess(access: Access, workflow: Workflow): boolean {
  switch (workflow) {
    case 'business':
      return access.business;
    case 'technical':
      return access.technical;
  }
}

/** Where /dashboard sends a user: the business dashboard first, then technical, then administration. */
export function dashboardPathFor(access: Access): string | null {
  if (access.business) return WORKFLOW_DASHBOARD.business;
  if (access.technical) return WORKFLOW_DASHBOARD.technical;
  if (access.admin) return '/admin/users';
  return null;
}
