/**
 * The life of one recorded field, from the camera to its analysis. Pure: the page feeds it events
 * and renders the state; IndexedDB and the network sit outside.
 */

/** Why a field is out of the sample. */
export type DiscardCause = 'camera_ended' | 'technician';

export type FieldState =
  | { readonly kind: 'recording' }
  /** Recorded and kept in the browser; not yet sent. */
  | { readonly kind: 'stored' }
  | { readonly kind: 'uploading'; readonly attempt: number }
  /** The last upload failed; the next attempt is due at `retryAt` (ms since the epoch). */
  | {
      readonly kind: 'waiting_retry';
      readonly attempt: number;
      readonly retryAt: number;
      readonly error: string;
    }
  | { readonly kind: 'analysing'; readonly videoId: string }
  | { readonly kind: 'analysed'; readonly videoId: string }
  | { readonly kind: 'analysis_failed'; readonly videoId: string; readonly error: string }
  | { readonly kind: 'discarded'; readonly cause: DiscardCause; readonly videoId: string | null };

export type FieldEvent =
  | { readonly type: 'recorded' }
  | { readonly type: 'upload_started' }
  | { readonly type: 'upload_failed'; readonly error: string; readonly now: number }
  | { readonly type: 'uploaded'; readonly videoId: string }
  | { readonly type: 'analysed' }
  | { readonly type: 'analysis_failed'; readonly error: string }
  | { readonly type: 'camera_ended' }
  | { readonly type: 'discard' }
  /** Takes a field discarded by the technician back; its analysis is fetched again. */
  | { readonly type: 'restore' };

/** First retry after one second, doubling up to half a minute. */
export const RETRY_BASE_MS = 1000;
export const RETRY_MAX_MS = 30_000;

/** Delay before attempt `attempt + 1` after `attempt` failed (1-based). */
export function retryDelayMs(attempt: number): number {
  return Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** Math.max(0, attempt - 1));
}

const attemptsOf = (state: FieldState) =>
  state.kind === 'uploading' || state.kind === 'waiting_retry' ? state.attempt : 0;

const videoOf = (state: FieldState): string | null =>
  state.kind === 'analysing' || state.kind === 'analysed' || state.kind === 'analysis_failed'
    ? state.videoId
    : null;

/** The next state; an event that does not apply in a state leaves it as it is. */
export function nextFieldState(state: FieldState, event: FieldEvent): FieldState {
  switch (event.type) {
    case 'recorded':
      return state.kind === 'recording' ? { kind: 'stored' } : state;
    case 'upload_started':
      return state.kind === 'stored' || state.kind === 'waiting_retry'
        ? { kind: 'uploading', attempt: attemptsOf(state) + 1 }
        : state;
    case 'upload_failed':
      return state.kind === 'uploading'
        ? {
            kind: 'waiting_retry',
            attempt: state.attempt,
            retryAt: event.now + retryDelayMs(state.attempt),
            error: event.error,
          }
        : state;
    case 'uploaded':
      return state.kind === 'uploading' ? { kind: 'analysing', videoId: event.videoId } : state;
    case 'analysed':
      return state.kind === 'analysing' ? { kind: 'analysed', videoId: state.videoId } : state;
    case 'analysis_failed':
      return state.kind === 'analysing'
        ? { kind: 'analysis_failed', videoId: state.videoId, error: event.error }
        : state;
    case 'camera_ended':
      // Only the field being recorded is lost; fields already recorded carry on.
      return state.kind === 'recording'
        ? { kind: 'discarded', cause: 'camera_ended', videoId: null }
        : state;
    case 'discard':
      // A field being sent is discarded once its upload ends (the server then knows its id).
      return state.kind === 'discarded' || state.kind === 'uploading'
        ? state
        : { kind: 'discarded', cause: 'technician', videoId: videoOf(state) };
    case 'restore':
      return state.kind === 'discarded' && state.videoId !== null
        ? { kind: 'analysing', videoId: state.videoId }
        : state;
  }
}

/** True while the field still needs its upload (kept in IndexedDB until then). */
export const needsUpload = (state: FieldState) =>
  state.kind === 'stored' || state.kind === 'uploading' || state.kind === 'waiting_retry';

/** True when the field's upload is due at `now`. */
export const uploadDue = (state: FieldState, now: number) =>
  state.kind === 'stored' || (state.kind === 'waiting_retry' && state.retryAt <= now);

/** The field's name on the server: "Field 3 (live) 2026-12-02 10:31". */
export function liveFieldName(number: number, recordedAt: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  const date = `${recordedAt.getFullYear()}-${pad(recordedAt.getMonth() + 1)}-${pad(recordedAt.getDate())}`;
  const time = `${pad(recordedAt.getHours())}:${pad(recordedAt.getMinutes())}`;
  return `Field ${number} (live) ${date} ${time}`;
}
