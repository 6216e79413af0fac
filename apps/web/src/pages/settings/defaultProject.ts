/** A project the Default Project menu can offer. */
export interface ProjectChoice {
  readonly id: string;
  readonly name: string;
}

/**
 * The default project as the menu shows and saves it: a project the user no longer belongs to reads
 * as None, so it is neither shown as an unknown value nor saved again.
 */
export function effectiveDefaultProject(
  defaultProject: string | null,
  projects: readonly ProjectChoice[],
): string | null {
  return defaultProject !== null && projects.some((project) => project.id === defaultProject)
    ? defaultProject
    : null;
}
