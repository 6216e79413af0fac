import { describe, expect, it } from 'vitest';
import {
  creationPayload,
  cropPreview,
  stepValid,
  toggleFrame,
  withIncludeAll,
  withVideo,
  type WizardState,
} from './wizardLogic';

const start: WizardState = {
  name: 'Heads',
  description: '',
  status: 'draft',
  projectId: 'p',
  videoId: '',
  includeAllFrames: false,
  frameIds: [],
};

describe('dataset wizard', () => {
  it('validates each step as the spec says', () => {
    expect(stepValid(0, start)).toBe(true);
    expect(stepValid(0, { ...start, name: ' ' })).toBe(false);
    expect(stepValid(1, start)).toBe(false);
    const withFrames = toggleFrame(withVideo(start, 'v'), 'f1', true);
    expect(stepValid(1, withFrames)).toBe(true);
    expect(stepValid(1, withIncludeAll(withVideo(start, 'v'), true))).toBe(true);
  });

  it('clears frames on a new video or on include-all, and ignores frames without detections', () => {
    const chosen = toggleFrame(withVideo(start, 'v'), 'f1', true);
    expect(withVideo(chosen, 'w').frameIds).toEqual([]);
    expect(withIncludeAll(chosen, true).frameIds).toEqual([]);
    expect(toggleFrame(chosen, 'f2', false).frameIds).toEqual(['f1']);
    expect(toggleFrame(chosen, 'f1', true).frameIds).toEqual([]);
  });

  it('builds the payload and caps the crop preview at 12', () => {
    const payload = creationPayload(toggleFrame(withVideo(start, 'v'), 'f1', true), 'u');
    expect(payload).toMatchObject({
      type: 'detection',
      video_id: 'v',
      frames: ['f1'],
      include_all_frames: false,
      user_id: 'u',
      source: { type: 'annotation', video_id: 'v', frames: ['f1'] },
    });
    const preview = cropPreview(Array.from({ length: 20 }, (_, i) => i));
    expect(preview.shown).toHaveLength(12);
    expect(preview.more).toBe(8);
  });
});
