import { describe, expect, it } from 'vitest';
import { dashboardPathFor, workflowOfPath } from './workflow';

describe('workflowOfPath', () => {
  it('recognises both route families', () => {
    expect(workflowOfPath('/sarm/projects')).toBe('business');
    expect(workflowOfPath('/business/videos')).toBe('business');
    expect(workflowOfPath('/finetune/training')).toBe('technical');
    expect(workflowOfPath('/technical/datasets')).toBe('technical');
    expect(workflowOfPath('/sarmx')).toBeNull();
    expect(workflowOfPath('/profile')).toBeNull();
  });
});

describe('dashboardPathFor', () => {
  it('prefers business, then technical, then administration, else nothing', () => {
    expect(dashboardPathFor({ business: true, technical: true, admin: true })).toBe(
      '/sarm/dashboard',
    );
    expect(dashboardPathFor({ business: false, technical: true, admin: true })).toBe(
      '/finetune/dashboard',
    );
    expect(dashboardPathFor({ business: false, technical: false, admin: true })).toBe(
      '/admin/users',
    );
    expect(dashboardPathFor({ business: false, technical: false, admin: false })).toBeNull();
  });
});
