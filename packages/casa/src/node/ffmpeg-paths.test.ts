import { describe, expect, it } from 'vitest';
import { passthroughArgsFromHelp, passthroughFrameRateArgs } from './ffmpeg-paths.js';

describe('passthroughArgsFromHelp', () => {
  it('uses -fps_mode where ffmpeg has it (5.1 and later; 9 has no -vsync)', () => {
    const help =
      'Video options:\n-vframes number     set the number\n-fps_mode[:<stream_spec>]  set framerate mode\n';
    expect(passthroughArgsFromHelp(help)).toEqual(['-fps_mode', 'passthrough']);
  });

  it('falls back to -vsync for older builds and for unreadable help', () => {
    expect(passthroughArgsFromHelp('-vsync              video sync method\n')).toEqual([
      '-vsync',
      'passthrough',
    ]);
    expect(passthroughArgsFromHelp('')).toEqual(['-vsync', 'passthrough']);
  });

  it('asks the ffmpeg in use once', () => {
    const first = passthroughFrameRateArgs();
    expect(['-fps_mode', '-vsync']).toContain(first[0]);
    expect(passthroughFrameRateArgs()).toBe(first);
  });
});
