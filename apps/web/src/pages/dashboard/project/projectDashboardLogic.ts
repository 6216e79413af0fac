import type { ProjectProgressStatus } from '@sarm/contracts';

export const PROJECT_DASHBOARD_TABS = ['statistics', 'team', 'datasets', 'performance'] as const;
export type ProjectDashboardTab = (typeof PROJECT_DASHBOARD_TABS)[number];

/** Chip colour of a project's progress status. */
export function progressColor(status: ProjectProgressStatus): 'success' | 'warning' | 'default' {
  switch (status) {
    case 'completed':
      return 'success';
    case 'active':
      return 'warning';
    case 'pending':
      return 'default';
  }
}

/** A figure with the given decimals, or 'N/A' when missing. */
export function figureOrNa(value: number | null, decimals = 1): string {
  return value === null ? 'N/A' : value.toFixed(decimals);
}

/** A 0-1 accuracy as a percent with one decimal, or 'N/A'. */
export function accuracyPercent(value: number | null): string {
  return value === null ? 'N/A' : `${(value * 100).toFixed(1)}%`;
}

/** Share of analyses at or above the WHO concentration limit, as a whole percent. */
export function normalShare(normal: number, analyses: number): string {
  return analyses === 0 ? 'N/A' : `${Math.round((100 * normal) / analyses)}%`;
}
