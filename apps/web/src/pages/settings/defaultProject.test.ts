import { describe, expect, it } from 'vitest';
import { effectiveDefaultProject } from './defaultProject';

const projects = [
  { id: 'p-1', name: 'Andrology' },
  { id: 'p-2', name: 'Research' },
];

describe('effectiveDefaultProject', () => {
  it('keeps a project the user belongs to', () => {
    expect(effectiveDefaultProject('p-2', projects)).toBe('p-2');
  });

  it('reads None for no project or one no longer in the list', () => {
    expect(effectiveDefaultProject(null, projects)).toBeNull();
    expect(effectiveDefaultProject('p-9', projects)).toBeNull();
    expect(effectiveDefaultProject('p-1', [])).toBeNull();
  });
});
