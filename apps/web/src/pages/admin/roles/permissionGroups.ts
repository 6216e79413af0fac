import type { Permission } from '@sarm/contracts';

export interface PermissionGroup {
  readonly module: string;
  readonly permissions: readonly Permission[];
}

/** Permissions grouped by module in catalogue order, limited to a module and a search term. */
export function groupPermissions(
  all: readonly Permission[],
  moduleFilter: string,
  search: string,
): PermissionGroup[] {
  const term = search.trim().toLowerCase();
  const groups = new Map<string, Permission[]>();
  for (const permission of all) {
    if (moduleFilter !== 'all' && permission.module !== moduleFilter) continue;
    const text = `${permission.name} ${permission.code} ${permission.description}`.toLowerCase();
    if (term !== '' && !text.includes(term)) continue;
    groups.set(permission.module, [...(groups.get(permission.module) ?? []), permission]);
  }
  return [...groups].map(([module, permissions]) => ({ module, permissions }));
}

export type ModuleCheck = 'none' | 'some' | 'all';

/** Whether none, some or all of a group's permissions are selected (the partial checkbox). */
export function moduleCheckState(
  group: PermissionGroup,
  selected: ReadonlySet<string>,
): ModuleCheck {
  const count = group.permissions.filter((p) => selected.has(p.code)).length;
  if (count === 0) return 'none';
  return count === group.permissions.length ? 'all' : 'some';
}

/** Selects or clears every permission of the group. */
export function toggleModule(group: PermissionGroup, selected: ReadonlySet<string>): Set<string> {
  const next = new Set(selected);
  const select = moduleCheckState(group, selected) !== 'all';
  for (const p of group.permissions) {
    if (select) next.add(p.code);
    else next.delete(p.code);
  }
  return next;
}

/**
 * Expands held codes (module wildcards such as `sarm.*`) to the concrete catalogue codes the
 * editor shows as checked; saving sends concrete codes.
 */
export function expandHeld(held: readonly string[], all: readonly Permission[]): Set<string> {
  const result = new Set<string>();
  for (const p of all) {
    if (held.includes(p.code) || held.includes(`${p.module}.*`) || held.includes('*'))
      result.add(p.code);
  }
  return result;
}
