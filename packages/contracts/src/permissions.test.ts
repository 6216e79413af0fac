import { describe, expect, it } from 'vitest';
import {
  deriveAccess,
  expandPermissions,
  hasAnyPermission,
  hasPermission,
  PERMISSIONS,
  SYSTEM_ROLES,
} from './permissions.js';

describe('hasPermission', () => {
  it('matches an exact code and nothing else', () => {
    expect(hasPermission(['sarm.upload_video'], 'sarm.upload_video')).toBe(true);
    expect(hasPermission(['sarm.upload_video'], 'sarm.select_frames')).toBe(false);
  });

  it('lets a held module wildcard cover every code with that prefix', () => {
    expect(hasPermission(['sarm.*'], 'sarm.generate_report')).toBe(true);
    expect(hasPermission(['sarm.*'], 'finetune.train_model')).toBe(false);
    expect(hasPermission(['*'], 'system.manage_users')).toBe(true);
  });

  it('does not let a wildcard match a code that merely shares letters', () => {
    expect(hasPermission(['sarm.*'], 'sarmx.upload_video')).toBe(false);
  });

  it('treats a required module wildcard as "holds any code of the module"', () => {
    expect(hasPermission(['sarm.view_motility'], 'sarm.*')).toBe(true);
    expect(hasPermission(['finetune.train_model'], 'sarm.*')).toBe(false);
  });

  it('maps legacy short names to codes', () => {
    expect(hasPermission(['system.manage_users'], 'manage_users')).toBe(true);
    expect(hasPermission(['finetune.manage_dataset'], 'create_datasets')).toBe(true);
    expect(hasPermission(['sarm.upload_video'], 'upload_videos')).toBe(true);
    expect(hasPermission(['finetune.train_model'], 'train_models')).toBe(true);
    expect(hasPermission(['system.view_logs'], 'view_system_logs')).toBe(true);
    expect(hasPermission(['system.manage_settings'], 'manage_system_settings')).toBe(true);
    expect(hasPermission(['sarm.upload_video'], 'manage_users')).toBe(false);
  });

  it('accepts any of the codes a legacy name stands for', () => {
    expect(hasPermission(['sarm.view_morphology'], 'view_analysis_results')).toBe(true);
    expect(hasPermission(['sarm.view_motility'], 'view_analysis_results')).toBe(true);
    expect(hasPermission(['sarm.upload_video'], 'view_analysis_results')).toBe(false);
  });

  it('maps the access names to module wildcards', () => {
    expect(hasPermission(['finetune.annotate_detection'], 'access_technical')).toBe(true);
    expect(hasPermission(['finetune.annotate_detection'], 'can_access_business')).toBe(false);
  });

  it('hasAnyPermission is true when one requirement is met', () => {
    expect(hasAnyPermission(['sarm.upload_video'], ['manage_videos', 'upload_videos'])).toBe(true);
    expect(hasAnyPermission([], ['manage_videos', 'upload_videos'])).toBe(false);
  });
});

describe('deriveAccess', () => {
  it('derives business, technical and admin access from codes', () => {
    expect(deriveAccess(['sarm.upload_video'], [])).toEqual({
      business: true,
      technical: false,
      admin: false,
    });
    expect(deriveAccess(['finetune.*', 'system.view_logs'], [])).toEqual({
      business: false,
      technical: true,
      admin: true,
    });
  });

  it('makes the system_admin role an administrator without system codes', () => {
    expect(deriveAccess([], ['system_admin']).admin).toBe(true);
  });
});

describe('catalogue', () => {
  it('has unique codes and expands wildcards to concrete codes', () => {
    const codes = PERMISSIONS.map((p) => p.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(expandPermissions(['system.*'])).toEqual(codes.filter((c) => c.startsWith('system.')));
  });

  it('seeds roles whose permissions all resolve to catalogue codes', () => {
    for (const role of SYSTEM_ROLES) {
      expect(expandPermissions(role.permissions).length, role.code).toBeGreaterThan(0);
    }
  });
});
