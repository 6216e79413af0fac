import { NAME_MAX } from '@sarm/contracts';
import { describe, expect, it } from 'vitest';
import { defaultVideoName } from './uploadVideo';

describe('upload helpers', () => {
  it('names a video after its file without the extension', () => {
    expect(defaultVideoName('Sample A.mp4')).toBe('Sample A');
    expect(defaultVideoName('clip.v2.webm')).toBe('clip.v2');
    expect(defaultVideoName('noext')).toBe('noext');
  });

  it('cuts a long file name to the longest video name the server accepts', () => {
    expect(defaultVideoName(`${'v'.repeat(NAME_MAX + 50)}.mp4`)).toBe('v'.repeat(NAME_MAX));
  });
});
