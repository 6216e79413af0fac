import { deriveRoleCode, type AdminRole } from '@sarm/contracts';

export interface RoleFormState {
  readonly name: string;
  readonly code: string;
  readonly description: string;
  /** Once the user types a code, the name stops driving it (spec 3 §5). */
  readonly codeEdited: boolean;
}

export const emptyRoleForm = (role: AdminRole | null): RoleFormState => ({
  name: role?.name ?? '',
  code: role?.code ?? '',
  description: role?.description ?? '',
  codeEdited: role !== null,
});

/** The form after the name changed: the code follows the name until it was edited. */
export function withName(state: RoleFormState, name: string): RoleFormState {
  return { ...state, name, code: state.codeEdited ? state.code : deriveRoleCode(name) };
}

export function withCode(state: RoleFormState, code: string): RoleFormState {
  return { ...state, code, codeEdited: true };
}

export type RoleFormError = { kind: 'required' } | { kind: 'codeTaken'; code: string };

/** Client-side checks of spec 3 §5: both fields required, code unique among the loaded roles except the edited one. */
export function validateRoleForm(
  state: RoleFormState,
  roles: readonly AdminRole[],
  editingId: string | null,
): RoleFormError | null {
  const code = state.code.trim();
  if (state.name.trim() === '' || code === '') return { kind: 'required' };
  if (roles.some((role) => role.code === code && role.id !== editingId))
    return { kind: 'codeTaken', code };
  return null;
}
