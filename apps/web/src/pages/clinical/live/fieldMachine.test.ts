import { describe, expect, it } from 'vitest';
import {
  liveFieldName,
  needsUpload,
  nextFieldState,
  retryDelayMs,
  uploadDue,
  type FieldEvent,
  type FieldState,
} from './fieldMachine';

const run = (events: readonly FieldEvent[], start: FieldState = { kind: 'recording' }) =>
  events.reduce(nextFieldState, start);

describe('field state machine', () => {
  it('goes from recording through upload to analysed', () => {
    const state = run([
      { type: 'recorded' },
      { type: 'upload_started' },
      { type: 'uploaded', videoId: 'v1' },
      { type: 'analysed' },
    ]);
    expect(state).toEqual({ kind: 'analysed', videoId: 'v1' });
    expect(needsUpload(state)).toBe(false);
  });

  it('retries a failed upload with growing delays and counts attempts', () => {
    const failed = run([
      { type: 'recorded' },
      { type: 'upload_started' },
      { type: 'upload_failed', error: 'network', now: 1000 },
    ]);
    expect(failed).toEqual({ kind: 'waiting_retry', attempt: 1, retryAt: 2000, error: 'network' });
    expect(needsUpload(failed)).toBe(true);
    expect(uploadDue(failed, 1999)).toBe(false);
    expect(uploadDue(failed, 2000)).toBe(true);
    const again = run(
      [{ type: 'upload_started' }, { type: 'upload_failed', error: 'x', now: 2000 }],
      failed,
    );
    expect(again).toMatchObject({ attempt: 2, retryAt: 4000 });
    expect(retryDelayMs(10)).toBe(30_000);
  });

  it('discards only the field being recorded when the camera ends', () => {
    expect(run([{ type: 'camera_ended' }])).toEqual({
      kind: 'discarded',
      cause: 'camera_ended',
      videoId: null,
    });
    const analysed: FieldState = { kind: 'analysed', videoId: 'v2' };
    expect(nextFieldState(analysed, { type: 'camera_ended' })).toBe(analysed);
  });

  it('keeps the server id of a discarded analysed field, and waits out an upload in flight', () => {
    expect(nextFieldState({ kind: 'analysed', videoId: 'v3' }, { type: 'discard' })).toEqual({
      kind: 'discarded',
      cause: 'technician',
      videoId: 'v3',
    });
    const sending: FieldState = { kind: 'uploading', attempt: 1 };
    expect(nextFieldState(sending, { type: 'discard' })).toBe(sending);
  });

  it('takes back a discarded field that reached the server, not one that never did', () => {
    const discarded = nextFieldState({ kind: 'analysed', videoId: 'v4' }, { type: 'discard' });
    expect(nextFieldState(discarded, { type: 'restore' })).toEqual({
      kind: 'analysing',
      videoId: 'v4',
    });
    const lost = nextFieldState({ kind: 'recording' }, { type: 'camera_ended' });
    expect(nextFieldState(lost, { type: 'restore' })).toBe(lost);
  });

  it('ignores events that do not apply', () => {
    const stored: FieldState = { kind: 'stored' };
    expect(nextFieldState(stored, { type: 'analysed' })).toBe(stored);
    expect(nextFieldState(stored, { type: 'uploaded', videoId: 'v' })).toBe(stored);
  });

  it('names a field by number, live, date and minute', () => {
    expect(liveFieldName(3, new Date(2026, 11, 2, 10, 31, 59))).toBe(
      'Field 3 (live) 2026-12-02 10:31',
    );
  });
});
