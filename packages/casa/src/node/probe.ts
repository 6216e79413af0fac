import { execFile } from 'node:child_process';
import { access } from 'node:fs/promises';
import type { VideoInfo } from '../types.js';
import { ffmpegPaths } from './ffmpeg-paths.js';
import { ffmpegReason, VideoReadError } from './video-read-error.js';

interface ProbeStream {
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  r_frame_rate?: string;
  avg_frame_rate?: string;
  nb_frames?: string;
  duration?: string;
}

interface ProbeOutput {
  streams?: ProbeStream[];
  format?: { format_name?: string; duration?: string };
}

/** Parses an ffprobe rational such as `30000/1001`; 0 when absent or degenerate. */
export function parseFrameRate(rational: string | undefined): number {
  if (rational === undefined) return 0;
  const [num, den] = rational.split('/').map(Number);
  if (num === undefined || !Number.isFinite(num)) return 0;
  if (den === undefined) return num;
  return den > 0 && Number.isFinite(den) ? num / den : 0;
}

function positive(value: string | undefined): number {
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? n : 0;
}

function runFfprobe(path: string): Promise<string> {
  const args = ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', path];
  return new Promise((resolve, reject) => {
    execFile(
      ffmpegPaths().ffprobe,
      args,
      { maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error) reject(new VideoReadError(path, ffmpegReason(stderr, path)));
        else resolve(stdout);
      },
    );
  });
}

/**
 * Reads size, true frame rate (from the container, never from wall time), frame count and duration.
 * Throws {@link VideoReadError} when the file is missing or is not a readable video.
 */
export async function probeVideo(path: string): Promise<VideoInfo> {
  try {
    await access(path);
  } catch {
    throw new VideoReadError(path, 'file not found');
  }
  const parsed: unknown = JSON.parse(await runFfprobe(path));
  const output: ProbeOutput = typeof parsed === 'object' && parsed !== null ? parsed : {};
  const stream = output.streams?.find((s) => s.codec_type === 'video');
  if (!stream || !stream.width || !stream.height) {
    throw new VideoReadError(path, 'no video stream found');
  }
  // avg_frame_rate reflects the real cadence for variable-rate files; r_frame_rate is the fallback.
  const fps = parseFrameRate(stream.avg_frame_rate) || parseFrameRate(stream.r_frame_rate);
  if (fps <= 0) throw new VideoReadError(path, 'the frame rate is unknown');
  const durationS = positive(stream.duration) || positive(output.format?.duration);
  const frameCount = positive(stream.nb_frames) || Math.round(durationS * fps);
  return {
    width: stream.width,
    height: stream.height,
    fps,
    frameCount,
    durationS: durationS || frameCount / fps,
    codec: stream.codec_name ?? 'unknown',
    container: output.format?.format_name ?? 'unknown',
  };
}
