import type { Demo } from '@sarm/contracts';

/** True while the server is still making the demo (the screens poll until it is not). */
export const isBeingMade = (demo: Demo | null | undefined): boolean =>
  demo?.state === 'creating' || demo?.state === 'analysing';

/** The demo report's screen, once the sample exists. */
export const demoReportPath = (demo: Demo): string | null =>
  demo.datasetId === null ? null : `/sarm/reports/view/${demo.datasetId}`;

/**
 * True when the screen shows the demo: its path names the demo project or one of its datasets,
 * or the current project (the one last opened) is the demo project.
 */
export function showsDemo(
  demo: Demo | null | undefined,
  pathname: string,
  currentProjectId: string | null,
): boolean {
  if (demo === null || demo === undefined) return false;
  const ids = [demo.projectId, demo.datasetId, demo.technicalDatasetId].filter(
    (id): id is string => id !== null,
  );
  return currentProjectId === demo.projectId || ids.some((id) => pathname.includes(id));
}
