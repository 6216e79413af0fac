import { describe, expect, it } from 'vitest';
import { cropPoint, segmentationActionFor, stepCrop } from './segmentationLogic';

const press = (key: string, modifiers: Partial<Record<'ctrlKey' | 'metaKey', boolean>> = {}) => ({
  key,
  ctrlKey: false,
  metaKey: false,
  shiftKey: key === '?',
  altKey: false,
  ...modifiers,
});

describe('segmentation shortcuts', () => {
  it('chooses the class with digits 1 to 6, in the review list order', () => {
    expect(['1', '2', '5', '6'].map((key) => segmentationActionFor(press(key)))).toEqual([
      { chooseClass: 'normal' },
      { chooseClass: 'head_defect' },
      { chooseClass: 'multiple_defects' },
      { chooseClass: 'unknown' },
    ]);
    expect(segmentationActionFor(press('7'))).toBeNull();
    expect(segmentationActionFor(press('2', { ctrlKey: true }))).toBeNull();
  });

  it('maps the spec keys to actions, upper or lower case', () => {
    expect(
      ['f', 'B', 'a', 'z', 'r', 'g', 'S', 'ArrowLeft', 'ArrowRight', '?', '/'].map((key) =>
        segmentationActionFor(press(key)),
      ),
    ).toEqual([
      'foreground',
      'background',
      'autoSuggest',
      'undo',
      'reset',
      'generate',
      'save',
      'previousCrop',
      'nextCrop',
      'help',
      'help',
    ]);
  });
  it('ignores keys with Ctrl or Cmd and unknown keys', () => {
    expect(segmentationActionFor(press('z', { ctrlKey: true }))).toBeNull();
    expect(segmentationActionFor(press('s', { metaKey: true }))).toBeNull();
    expect(segmentationActionFor(press('q'))).toBeNull();
  });
});

describe('crop points and paging', () => {
  it('scales a click on the enlarged crop to crop pixels, kept inside', () => {
    const display = { width: 400, height: 300 };
    const crop = { width: 40, height: 30 };
    expect(cropPoint({ x: 200, y: 150 }, display, crop, 1)).toEqual({ x: 20, y: 15, label: 1 });
    expect(cropPoint({ x: 400, y: -5 }, display, crop, 0)).toEqual({ x: 39.5, y: 0, label: 0 });
  });
  it('steps through the crops of the page without leaving it', () => {
    expect(stepCrop(null, 1, 3)).toBe(0);
    expect(stepCrop(null, -1, 3)).toBe(2);
    expect(stepCrop(2, 1, 3)).toBe(2);
    expect(stepCrop(0, -1, 3)).toBe(0);
    expect(stepCrop(1, 1, 0)).toBeNull();
  });
});
