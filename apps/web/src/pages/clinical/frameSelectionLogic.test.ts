import type { Frame, FrameListResponse, Video } from '@sarm/contracts';
import { describe, expect, it } from 'vitest';
import {
  noteChanged,
  noteLine,
  selectionQueryKeys,
  withFrame,
  withSelectedCount,
  withSelection,
} from './frameSelectionLogic';

const frame = (id: string, selected = false, note = ''): Frame =>
  ({ id, videoId: 'v1', frameNumber: 1, selected, note }) as Frame;
const page = (...frames: Frame[]): FrameListResponse => ({ frames, total: frames.length });

describe('frame selection cache updates', () => {
  it('replaces one frame with the saved one and leaves the others', () => {
    const saved = frame('b', false, 'blurry');
    const next = withFrame(page(frame('a'), frame('b')), saved);
    expect(next?.frames.map((f) => f.note)).toEqual(['', 'blurry']);
    expect(withFrame(undefined, saved)).toBeUndefined();
  });

  it('marks a frame selected at once, before the server answers', () => {
    const next = withSelection(page(frame('a'), frame('b')), 'a', true);
    expect(next?.frames.map((f) => f.selected)).toEqual([true, false]);
  });

  it('moves the selected count with each change, never below zero', () => {
    const video = { id: 'v1', selectedFramesCount: 1 } as Video;
    expect(withSelectedCount(video, 1)?.selectedFramesCount).toBe(2);
    expect(withSelectedCount(withSelectedCount(video, -1), -1)?.selectedFramesCount).toBe(0);
    expect(withSelectedCount(undefined, 1)).toBeUndefined();
  });

  it('refreshes the frames, the video and the video lists of the video', () => {
    expect(selectionQueryKeys('v1')).toEqual([
      ['sarm', 'frames', 'v1'],
      ['sarm', 'video', 'v1'],
      ['sarm', 'videos'],
      ['sarm', 'videos-all'],
    ]);
  });
});

describe('frame notes', () => {
  it('counts a note as changed only when more than outer spaces differ', () => {
    expect(noteChanged('blurry', ' blurry ')).toBe(false);
    expect(noteChanged('blurry', 'sharp')).toBe(true);
  });

  it('shows a note as one shortened line', () => {
    expect(noteLine('tail\n out   of focus')).toBe('tail out of focus');
    expect(noteLine('x'.repeat(80), 10)).toBe(`${'x'.repeat(9)}…`);
  });
});
