import { describe, expect, it } from 'vitest';
import {
  boxFromCorners,
  framePoint,
  isDrawable,
  moveBox,
  resizeBox,
  screenPoint,
} from './geometry';
import { emptyHistory, record, redo, renameBox, undo } from './history';
import { hitTest } from './hitTest';
import { actionFor, isTypingTarget, nudgeOf } from './keymap';
import { fitView, toFrame, toScreen, zoomAt } from './view';

const frame = { width: 640, height: 480 };
const press = (
  key: string,
  mods: Partial<Record<'ctrl' | 'meta' | 'shift' | 'alt', boolean>> = {},
) => ({
  key,
  ctrlKey: mods.ctrl ?? false,
  metaKey: mods.meta ?? false,
  shiftKey: mods.shift ?? false,
  altKey: mods.alt ?? false,
});

describe('geometry', () => {
  it('orders and clamps a drawn box, and keeps only boxes over 10 px both sides', () => {
    const box = boxFromCorners(framePoint(50, 40), framePoint(-5, 10), frame);
    expect(box).toEqual({ x1: 0, y1: 10, x2: 50, y2: 40 });
    expect(isDrawable(box)).toBe(true);
    expect(isDrawable({ x1: 0, y1: 0, x2: 10, y2: 50 })).toBe(false);
    expect(isDrawable({ x1: 0, y1: 0, x2: 11, y2: 11 })).toBe(true);
  });

  it('moves a box without leaving the frame', () => {
    expect(moveBox({ x1: 10, y1: 10, x2: 30, y2: 30 }, -50, 5, frame)).toEqual({
      x1: 0,
      y1: 15,
      x2: 20,
      y2: 35,
    });
    expect(moveBox({ x1: 600, y1: 10, x2: 630, y2: 30 }, 50, 0, frame).x2).toBe(640);
  });

  it('resizes from a handle, keeping 10 px and the opposite side', () => {
    const box = { x1: 100, y1: 100, x2: 150, y2: 140 };
    expect(resizeBox(box, 'se', framePoint(170, 160), frame)).toEqual({
      x1: 100,
      y1: 100,
      x2: 170,
      y2: 160,
    });
    expect(resizeBox(box, 'w', framePoint(200, 0), frame)).toEqual({ ...box, x1: 140 });
    expect(resizeBox(box, 'n', framePoint(0, -20), frame)).toEqual({ ...box, y1: 0 });
  });
});

describe('view', () => {
  it('fits the frame into the viewport and maps points both ways', () => {
    const view = fitView(frame, { width: 320, height: 400 });
    expect(view.scale).toBe(0.5);
    expect(view.offsetY).toBe(80);
    const screen = toScreen(view, framePoint(100, 100));
    expect(screen).toEqual({ x: 50, y: 130 });
    expect(toFrame(view, screen)).toEqual({ x: 100, y: 100 });
  });

  it('zooms around the cursor: the point under it stays put', () => {
    const view = fitView(frame, { width: 640, height: 480 });
    const anchor = screenPoint(200, 100);
    const before = toFrame(view, anchor);
    const zoomed = zoomAt(view, 2, anchor);
    expect(zoomed.scale).toBe(2);
    expect(toFrame(zoomed, anchor)).toEqual(before);
  });
});

describe('hit testing', () => {
  const boxes = [
    { id: 'big', x1: 0, y1: 0, x2: 200, y2: 200 },
    { id: 'small', x1: 50, y1: 50, x2: 70, y2: 70 },
  ];
  const view = { scale: 2, offsetX: 0, offsetY: 0 };

  it('picks the smallest box under the point and misses outside', () => {
    expect(hitTest(boxes, null, view, screenPoint(120, 120))).toEqual({
      kind: 'body',
      id: 'small',
    });
    expect(hitTest(boxes, null, view, screenPoint(300, 300))).toEqual({ kind: 'body', id: 'big' });
    expect(hitTest(boxes, null, view, screenPoint(500, 500))).toEqual({ kind: 'none' });
  });

  it("finds the selected box's handles within 8 screen pixels", () => {
    expect(hitTest(boxes, 'small', view, screenPoint(145, 145))).toEqual({
      kind: 'handle',
      id: 'small',
      handle: 'se',
    });
    expect(hitTest(boxes, 'small', view, screenPoint(140, 100))).toEqual({
      kind: 'handle',
      id: 'small',
      handle: 'ne',
    });
    expect(hitTest(boxes, 'small', view, screenPoint(155, 155)).kind).toBe('body');
  });
});

describe('history', () => {
  const box = { x1: 1, y1: 1, x2: 20, y2: 20 };
  it('undoes with the inverse change and redoes the change', () => {
    let history = record(emptyHistory, { kind: 'create', id: 'a', box, className: 'sperm' });
    history = record(history, { kind: 'move', id: 'a', before: box, after: { ...box, x1: 5 } });
    const first = undo(history);
    expect(first?.apply).toEqual({ kind: 'move', id: 'a', before: { ...box, x1: 5 }, after: box });
    const second = first && undo(first.history);
    expect(second?.apply).toMatchObject({ kind: 'delete', id: 'a' });
    expect(second && undo(second.history)).toBeNull();
    const again = second && redo(second.history);
    expect(again?.apply).toMatchObject({ kind: 'create', id: 'a' });
  });

  it('renames a re-created box everywhere and forgets redo after a new change', () => {
    let history = record(emptyHistory, { kind: 'delete', id: 'a', box, className: 'sperm' });
    history = renameBox(history, 'a', 'b');
    expect(history.done[0]?.id).toBe('b');
    const undone = undo(history);
    if (undone === null) throw new Error('nothing to undo');
    const next = record(undone.history, {
      kind: 'reclassify',
      id: 'c',
      before: 'sperm',
      after: 'cluster',
    });
    expect(redo(next)).toBeNull();
  });
});

describe('keymap', () => {
  it('maps every documented key and ignores others', () => {
    expect(actionFor(press('n'))).toBe('addBox');
    expect(actionFor(press('z', { ctrl: true }))).toBe('undo');
    expect(actionFor(press('Z', { ctrl: true, shift: true }))).toBe('redo');
    expect(actionFor(press('y', { meta: true }))).toBe('redo');
    expect(actionFor(press('ArrowLeft', { shift: true }))).toBe('nudgeLeftFar');
    expect(actionFor(press('Tab', { shift: true }))).toBe('previousBox');
    expect(actionFor(press('?', { shift: true }))).toBe('help');
    expect(actionFor(press('c', { ctrl: true }))).toBeNull();
    expect(actionFor(press('q'))).toBeNull();
    expect(nudgeOf('nudgeUpFar')).toEqual({ dx: 0, dy: -10 });
  });

  it('treats inputs, text areas and editable elements as typing', () => {
    expect(isTypingTarget({ tagName: 'input' })).toBe(true);
    expect(isTypingTarget({ tagName: 'DIV', isContentEditable: true })).toBe(true);
    expect(isTypingTarget({ tagName: 'CANVAS' })).toBe(false);
  });
});
