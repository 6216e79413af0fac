import { describe, expect, it } from 'vitest';
import { defaultVideoName } from './uploadVideo';

describe('upload helpers', () => {
  it('names a video after its file without the extension', () => {
    expect(defaultVideoName('Sample A.mp4')).toBe('Sample A');
    expect(defaultVideoName('clip.v2.webm')).toBe('clip.v2');
    expect(defaultVideoName('noext')).toBe('noext');
  });
});
