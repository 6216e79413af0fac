import { describe, expect, it } from 'vitest';
import { pageTitleKey } from './pageTitle';

describe('pageTitleKey', () => {
  it('names the current page from the path', () => {
    expect(pageTitleKey('/sarm/dashboard')).toBe('pages.businessDashboard');
    expect(pageTitleKey('/finetune/dashboard')).toBe('pages.technicalDashboard');
    expect(pageTitleKey('/admin/logs')).toBe('nav.adminLogs');
    expect(pageTitleKey('/admin/unknown')).toBe('pages.administration');
    expect(pageTitleKey('/business/videos')).toBe('pages.business');
    expect(pageTitleKey('/settings')).toBe('pages.settings');
    expect(pageTitleKey('/setup')).toBe('setup.title');
  });
});
