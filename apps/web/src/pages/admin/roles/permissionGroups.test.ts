import { describe, expect, it } from 'vitest';
import { PERMISSIONS, type Permission } from '@sarm/contracts';
import { expandHeld, groupPermissions, moduleCheckState, toggleModule } from './permissionGroups';

const all: Permission[] = PERMISSIONS.map((p) => ({ ...p, id: p.code }));

describe('role permissions editor', () => {
  it('groups by module, filters by module and by search', () => {
    expect(groupPermissions(all, 'all', '').map((g) => g.module)).toEqual([
      'system',
      'sarm',
      'finetune',
    ]);
    expect(groupPermissions(all, 'system', '').map((g) => g.module)).toEqual(['system']);
    const found = groupPermissions(all, 'all', 'logs');
    expect(found.flatMap((g) => g.permissions.map((p) => p.code))).toEqual(['system.view_logs']);
    expect(groupPermissions(all, 'all', 'no such thing')).toEqual([]);
  });

  it('shows a partial module state and toggles a whole module', () => {
    const [system] = groupPermissions(all, 'system', '');
    if (system === undefined) throw new Error('no system group');
    expect(moduleCheckState(system, new Set())).toBe('none');
    expect(moduleCheckState(system, new Set(['system.view_logs']))).toBe('some');
    const full = toggleModule(system, new Set(['system.view_logs']));
    expect(moduleCheckState(system, full)).toBe('all');
    expect(moduleCheckState(system, toggleModule(system, full))).toBe('none');
  });

  it('expands module wildcards to the concrete codes', () => {
    const held = expandHeld(['sarm.*', 'system.view_logs'], all);
    expect(held.has('sarm.upload_video')).toBe(true);
    expect(held.has('system.view_logs')).toBe(true);
    expect(held.has('system.manage_users')).toBe(false);
  });
});
