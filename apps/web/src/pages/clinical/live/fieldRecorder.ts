/** Records one field from the camera stream with MediaRecorder, as webm (VP9, else VP8). */

/** The camera's track ended while the field was being recorded (unplugged, taken by another app). */
export class CameraEndedError extends Error {
  constructor() {
    super('The camera stopped during the field');
  }
}

/** webm types in order of preference; VP9 keeps more detail of small heads at the same bit rate. */
const WEBM_TYPES = ['video/webm;codecs=vp9', 'video/webm;codecs=vp8', 'video/webm'] as const;

/** A high bit rate: the analysis needs the heads' edges, not a small file (a 2 s field is ~3 MB). */
export const FIELD_BITS_PER_SECOND = 12_000_000;

/** The first webm type this browser records; null when it records none. */
export function recordableWebmType(
  isTypeSupported: (type: string) => boolean = (type) => MediaRecorder.isTypeSupported(type),
): string | null {
  return WEBM_TYPES.find((type) => isTypeSupported(type)) ?? null;
}

/**
 * Records `durationMs` of the stream at the camera's own frame rate and answers the webm. Rejects
 * with {@link CameraEndedError} when the video track ends first; `signal` stops early (rejects).
 */
export function recordField(
  stream: MediaStream,
  durationMs: number,
  signal?: AbortSignal,
): Promise<Blob> {
  const mimeType = recordableWebmType();
  if (mimeType === null) return Promise.reject(new Error('This browser cannot record webm video'));
  const [track] = stream.getVideoTracks();
  if (track === undefined || track.readyState === 'ended')
    return Promise.reject(new CameraEndedError());
  return new Promise((resolve, reject) => {
    const recorder = new MediaRecorder(stream, {
      mimeType,
      videoBitsPerSecond: FIELD_BITS_PER_SECOND,
    });
    const chunks: Blob[] = [];
    let failure: Error | null = null;
    const stop = (error: Error | null) => {
      failure ??= error;
      clearTimeout(timer);
      if (recorder.state !== 'inactive') recorder.stop();
    };
    // Declared before the listeners that clear it; it starts with the recorder below.
    const timer = setTimeout(() => stop(null), durationMs);
    const onEnded = () => stop(new CameraEndedError());
    const onAbort = () => stop(new Error('Recording stopped'));
    track.addEventListener('ended', onEnded);
    signal?.addEventListener('abort', onAbort);
    recorder.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    };
    recorder.onstop = () => {
      track.removeEventListener('ended', onEnded);
      signal?.removeEventListener('abort', onAbort);
      if (failure !== null) reject(failure);
      else resolve(new Blob(chunks, { type: 'video/webm' }));
    };
    recorder.onerror = () => stop(new Error('The recorder failed'));
    recorder.start();
  });
}
