import { useCallback, useEffect, useRef, useState } from 'react';
import { createFrameRateMeter } from './frameRate';

/** What the technician asks of the camera. */
export interface CameraRequest {
  readonly deviceId: string | null;
  readonly width: number;
  readonly height: number;
  readonly frameRate: number;
}

export type CameraStatus =
  | { readonly kind: 'off' }
  | { readonly kind: 'starting' }
  | {
      readonly kind: 'live';
      readonly width: number;
      readonly height: number;
      readonly label: string;
    }
  /** The browser or the user refused the camera. */
  | { readonly kind: 'denied' }
  /** No camera, or the one chosen cannot give what was asked. */
  | { readonly kind: 'unavailable'; readonly message: string }
  /** The camera's track ended (unplugged, taken by another application). */
  | { readonly kind: 'ended' };

function statusOfError(error: unknown): CameraStatus {
  const name = error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return { kind: 'denied' };
  return { kind: 'unavailable', message: error instanceof Error ? error.message : String(error) };
}

/**
 * The camera: its devices, the stream asked with a resolution and frame rate, what it delivers
 * (size; frame rate measured from the frames reaching the video element) and when it ends.
 */
export function useCamera(video: React.RefObject<HTMLVideoElement | null>) {
  const [devices, setDevices] = useState<MediaDeviceInfo[]>([]);
  const [status, setStatus] = useState<CameraStatus>({ kind: 'off' });
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [measuredFps, setMeasuredFps] = useState<number | null>(null);
  const endedListeners = useRef(new Set<() => void>());

  const listDevices = useCallback(async () => {
    if (navigator.mediaDevices === undefined) return;
    const all = await navigator.mediaDevices.enumerateDevices();
    setDevices(all.filter((device) => device.kind === 'videoinput'));
  }, []);

  useEffect(() => {
    void listDevices();
  }, [listDevices]);

  const stop = useCallback(() => {
    setStream((current) => {
      for (const track of current?.getTracks() ?? []) track.stop();
      return null;
    });
    setStatus({ kind: 'off' });
  }, []);

  const start = useCallback(
    async (request: CameraRequest) => {
      if (navigator.mediaDevices === undefined) {
        setStatus({
          kind: 'unavailable',
          message: 'navigator.mediaDevices is missing (not HTTPS?)',
        });
        return;
      }
      setStatus({ kind: 'starting' });
      for (const track of stream?.getTracks() ?? []) track.stop();
      try {
        const next = await navigator.mediaDevices.getUserMedia({
          audio: false,
          video: {
            ...(request.deviceId === null ? {} : { deviceId: { exact: request.deviceId } }),
            width: { ideal: request.width },
            height: { ideal: request.height },
            frameRate: { ideal: request.frameRate },
          },
        });
        const [track] = next.getVideoTracks();
        const settings = track?.getSettings() ?? {};
        track?.addEventListener('ended', () => {
          setStatus({ kind: 'ended' });
          for (const listener of endedListeners.current) listener();
        });
        setStream(next);
        setStatus({
          kind: 'live',
          width: settings.width ?? 0,
          height: settings.height ?? 0,
          label: track?.label ?? '',
        });
        // Labels are given only once the camera is allowed.
        await listDevices();
      } catch (error) {
        setStream(null);
        setStatus(statusOfError(error));
      }
    },
    [listDevices, stream],
  );

  // Attaches the stream and measures the frames that really arrive.
  useEffect(() => {
    const element = video.current;
    if (element === null || stream === null) return;
    element.srcObject = stream;
    void element.play().catch(() => undefined);
    const meter = createFrameRateMeter();
    let handle = 0;
    let stopped = false;
    const onFrame = (now: number) => {
      if (stopped) return;
      meter.add(now);
      handle = element.requestVideoFrameCallback(onFrame);
    };
    handle = element.requestVideoFrameCallback(onFrame);
    const publish = setInterval(() => setMeasuredFps(meter.rate()), 500);
    return () => {
      stopped = true;
      element.cancelVideoFrameCallback(handle);
      clearInterval(publish);
      setMeasuredFps(null);
    };
  }, [stream, video]);

  useEffect(() => () => stop(), [stop]);

  /** Calls `listener` when the camera's track ends; answers the unsubscribe. */
  const onEnded = useCallback((listener: () => void) => {
    endedListeners.current.add(listener);
    return () => endedListeners.current.delete(listener);
  }, []);

  return { devices, status, stream, measuredFps, start, stop, onEnded };
}
