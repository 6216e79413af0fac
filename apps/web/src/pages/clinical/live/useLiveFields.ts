import type { VideoTiming } from '@sarm/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { fetchVideoAnalysis } from '../../../api/videoAnalysisApi';
import {
  needsUpload,
  nextFieldState,
  uploadDue,
  type FieldEvent,
  type FieldState,
} from './fieldMachine';
import { forgetField, keepField, type StoredField } from './fieldStore';
import { analyseField, discardVideo, FieldUploadError, restoreVideo, uploadField } from './liveApi';

/** One field of this capture session, as the page shows it. */
export interface LiveField {
  readonly stored: Omit<StoredField, 'blob'>;
  readonly state: FieldState;
  /** How the analysed frames were spaced (dropped frames), when the analysis says. */
  readonly timing: VideoTiming | null;
}

/** How often the upload loop looks for a field due. */
const UPLOAD_TICK_MS = 250;

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The fields of a capture session: recorded fields are kept in IndexedDB, uploaded one at a time
 * (retried with backoff), forgotten once the server stored them, then analysed. `onAnalysed` runs
 * when a field's analysis landed (the page refreshes its totals).
 */
export function useLiveFields(options: {
  readonly patientId: string | null;
  readonly onAnalysed: () => void;
}) {
  const [fields, setFields] = useState<LiveField[]>([]);
  const latest = useRef(fields);
  latest.current = fields;
  const blobs = useRef(new Map<string, Blob>());
  const sending = useRef(false);
  const { patientId, onAnalysed } = options;

  const apply = useCallback((id: string, event: FieldEvent) => {
    setFields((all) =>
      all.map((field) =>
        field.stored.id === id ? { ...field, state: nextFieldState(field.state, event) } : field,
      ),
    );
  }, []);

  const analyse = useCallback(
    async (id: string, videoId: string) => {
      try {
        await analyseField(videoId);
        const answer = await fetchVideoAnalysis(videoId).catch(() => null);
        const timing = answer?.analysis?.timing ?? null;
        setFields((all) =>
          all.map((field) =>
            field.stored.id === id
              ? { ...field, timing, state: nextFieldState(field.state, { type: 'analysed' }) }
              : field,
          ),
        );
      } catch (error) {
        apply(id, { type: 'analysis_failed', error: errorText(error) });
      }
      onAnalysed();
    },
    [apply, onAnalysed],
  );

  const upload = useCallback(
    async (field: LiveField) => {
      const blob = blobs.current.get(field.stored.id);
      if (blob === undefined) return;
      apply(field.stored.id, { type: 'upload_started' });
      try {
        const video = await uploadField({ ...field.stored, blob }, patientId);
        // The server has it: the browser copy can go.
        await forgetField(field.stored.id).catch(() => undefined);
        blobs.current.delete(field.stored.id);
        apply(field.stored.id, { type: 'uploaded', videoId: video.id });
        void analyse(field.stored.id, video.id);
      } catch (error) {
        const message =
          error instanceof FieldUploadError && !error.retry
            ? `${error.message} (refused by the server)`
            : errorText(error);
        apply(field.stored.id, { type: 'upload_failed', error: message, now: Date.now() });
      }
    },
    [analyse, apply, patientId],
  );

  // One upload at a time: the fields arrive in order and a slow link is not split further.
  useEffect(() => {
    const timer = setInterval(() => {
      if (sending.current) return;
      const due = latest.current.find((field) => uploadDue(field.state, Date.now()));
      if (due === undefined) return;
      sending.current = true;
      void upload(due).finally(() => {
        sending.current = false;
      });
    }, UPLOAD_TICK_MS);
    return () => clearInterval(timer);
  }, [upload]);

  /** Starts a field being recorded. */
  const begin = useCallback((stored: Omit<StoredField, 'blob'>) => {
    setFields((all) => [...all, { stored, state: { kind: 'recording' }, timing: null }]);
  }, []);

  /** The field's recording ended: keep it in the browser, then it is due for upload. */
  const recorded = useCallback(async (id: string, blob: Blob, durationS: number) => {
    const field = latest.current.find((candidate) => candidate.stored.id === id);
    if (field === undefined) return;
    const stored = { ...field.stored, durationS };
    blobs.current.set(id, blob);
    await keepField({ ...stored, blob });
    setFields((all) =>
      all.map((f) =>
        f.stored.id === id
          ? { ...f, stored, state: nextFieldState(f.state, { type: 'recorded' }) }
          : f,
      ),
    );
  }, []);

  const cameraEnded = useCallback((id: string) => apply(id, { type: 'camera_ended' }), [apply]);

  /** Fields left in the browser by an earlier visit, offered again for upload. */
  const resume = useCallback((left: readonly StoredField[]) => {
    for (const field of left) blobs.current.set(field.id, field.blob);
    setFields((all) => [
      ...all,
      ...left
        .filter((field) => !all.some((f) => f.stored.id === field.id))
        .map(({ blob: _blob, ...stored }) => ({
          stored,
          state: { kind: 'stored' } as const,
          timing: null,
        })),
    ]);
  }, []);

  /** Discards a field: on the server (audited) once it is there, else only in the browser. */
  const discard = useCallback(
    async (id: string, reason: string) => {
      const field = latest.current.find((candidate) => candidate.stored.id === id);
      if (field === undefined || field.state.kind === 'uploading') return;
      const next = nextFieldState(field.state, { type: 'discard' });
      if (next.kind === 'discarded' && next.videoId !== null)
        await discardVideo(next.videoId, reason);
      else if (needsUpload(field.state)) {
        blobs.current.delete(id);
        await forgetField(id);
      }
      apply(id, { type: 'discard' });
      onAnalysed();
    },
    [apply, onAnalysed],
  );

  /** Takes a discarded field back into the sample. */
  const restore = useCallback(
    async (id: string) => {
      const field = latest.current.find((candidate) => candidate.stored.id === id);
      if (field?.state.kind !== 'discarded' || field.state.videoId === null) return;
      const { videoId } = field.state;
      await restoreVideo(videoId);
      apply(id, { type: 'restore' });
      await analyse(id, videoId);
    },
    [analyse, apply],
  );

  return { fields, begin, recorded, cameraEnded, resume, discard, restore };
}
