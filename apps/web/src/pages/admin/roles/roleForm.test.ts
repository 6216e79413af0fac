import { describe, expect, it } from 'vitest';
import { deriveRoleCode, type AdminRole } from '@sarm/contracts';
import { emptyRoleForm, validateRoleForm, withCode, withName } from './roleForm';

const role = (id: string, code: string): AdminRole => ({
  id,
  code,
  name: code,
  description: '',
  isSystem: false,
  permissionsCount: 0,
  permissions: [],
  userCount: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

describe('role code derivation', () => {
  it('lowercases, replaces other characters with underscores, collapses and trims them', () => {
    expect(deriveRoleCode('  Senior Lab-Tech (Night)! ')).toBe('senior_lab_tech_night');
    expect(deriveRoleCode('A__B')).toBe('a_b');
    expect(deriveRoleCode('Äpfel 2')).toBe('pfel_2');
    expect(deriveRoleCode('___')).toBe('');
  });

  it('follows the name until the code is edited by hand', () => {
    let form = withName(emptyRoleForm(null), 'Quality Control');
    expect(form.code).toBe('quality_control');
    form = withCode(form, 'qc');
    form = withName(form, 'Quality Control Team');
    expect(form.code).toBe('qc');
  });

  it('keeps the code of an existing role when its name changes', () => {
    expect(withName(emptyRoleForm(role('1', 'old_code')), 'New').code).toBe('old_code');
  });
});

describe('role form validation', () => {
  const roles = [role('1', 'clinician'), role('2', 'custom_a')];

  it('requires name and code', () => {
    expect(validateRoleForm(withName(emptyRoleForm(null), ''), roles, null)).toEqual({
      kind: 'required',
    });
  });

  it('refuses a code another role has, but not the edited role itself', () => {
    const form = withCode(withName(emptyRoleForm(null), 'X'), 'clinician');
    expect(validateRoleForm(form, roles, null)).toEqual({ kind: 'codeTaken', code: 'clinician' });
    expect(validateRoleForm(form, roles, '1')).toBeNull();
  });
});
