import { execFile } from 'node:child_process';
import { stat } from 'node:fs/promises';
import type { VideoInfo } from '../types.js';
import { ffmpegPaths } from './ffmpeg-paths.js';
import { ffmpegReason, VideoReadError } from './video-read-error.js';

interface ProbeStream {
  index?: number;
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  r_frame_rate?: string;
  avg_frame_rate?: string;
  nb_frames?: string;
  duration?: string;
  pix_fmt?: string;
  color_range?: string;
}

interface ProbeOutput {
  streams?: ProbeStream[];
  packets?: { pts?: number }[];
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

/** Files up to this size have their packets counted when the container stores no frame count. */
const COUNT_PACKETS_MAX_BYTES = 1024 ** 3;

function runFfprobe(path: string, extra: readonly string[]): Promise<string> {
  const args = ['-v', 'error', ...extra, path];
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
 * Counts the packets of one stream: exact for mkv, webm and raw streams that store no frame count
 * (where duration x fps can be a frame off or, for a raw H.264 stream, missing). It only demuxes,
 * so it costs about a read of the file. 0 when ffprobe cannot tell.
 */
async function countPackets(path: string, streamIndex: number): Promise<number> {
  const out = await runFfprobe(path, [
    '-count_packets',
    '-select_streams',
    String(streamIndex),
    '-show_entries',
    'stream=nb_read_packets',
    '-of',
    'csv=p=0',
  ]).catch(() => '');
  return positive(out.trim());
}

/** Packets read to find the pattern of coded picture types: enough for dozens of repeats. */
const PATTERN_PACKETS = 240;

/**
 * The period, in frames, of the pattern of coded picture types, from the presentation timestamps
 * of the packets in decode order, when the file repeats one (4 for "P B B B", as x264 and most
 * camera encoders write): the frames between two anchors (I or P frames, those shown after every
 * frame decoded before them) are B frames, predicted from both sides, so a still object's position
 * error repeats with that period and its harmonics at fps / period. Undefined when the file has no
 * B frames or no regular pattern (at least 80 % of the anchors the same distance apart).
 */
export function periodOfAnchors(decodeOrder: readonly number[]): number | undefined {
  const anchors: number[] = [];
  let latest = -Infinity;
  for (const pts of decodeOrder) {
    if (pts > latest) anchors.push(pts);
    latest = Math.max(latest, pts);
  }
  const shown = [...decodeOrder].sort((a, b) => a - b);
  const steps = shown.slice(1).map((pts, i) => pts - (shown[i] ?? pts));
  const frame = steps.sort((a, b) => a - b)[steps.length >> 1] ?? 0;
  if (!(frame > 0) || anchors.length < 5) return undefined;
  const gaps = new Map<number, number>();
  for (let i = 1; i < anchors.length; i++) {
    const gap = Math.round(((anchors[i] ?? 0) - (anchors[i - 1] ?? 0)) / frame);
    gaps.set(gap, (gaps.get(gap) ?? 0) + 1);
  }
  const [period, count] = [...gaps].reduce((a, b) => (b[1] > a[1] ? b : a));
  return period >= 2 && count >= 0.8 * (anchors.length - 1) ? period : undefined;
}

/**
 * Reads size, true frame rate (from the container, never from wall time), frame count and duration.
 * The frame count is the container's, else the counted packets (files up to 1 GiB), else
 * duration x fps. A raw H.264 stream has no container timing: its fps is ffprobe's guess.
 * Throws {@link VideoReadError} when the file is missing or is not a readable video.
 */
export async function probeVideo(path: string): Promise<VideoInfo> {
  return (await probeVideoStream(path)).info;
}

/** What {@link probeVideoStream} tells beyond {@link VideoInfo}: how the pixels are stored. */
export interface ProbedVideo {
  readonly info: VideoInfo;
  /** ffprobe's pixel format, e.g. `yuv420p`; `unknown` when it does not say. */
  readonly pixelFormat: string;
  /** ffprobe's colour range: `tv`, `pc` or `unknown`. */
  readonly colorRange: string;
  /** Size of the file, bytes. */
  readonly bytes: number;
}

/** {@link probeVideo} with the stream's pixel format and colour range (see `lumaToGreyFilter`). */
export async function probeVideoStream(
  path: string,
  options: { readonly codingPattern?: boolean } = {},
): Promise<ProbedVideo> {
  let bytes: number;
  try {
    bytes = (await stat(path)).size;
  } catch {
    throw new VideoReadError(path, 'file not found');
  }
  const parsed: unknown = JSON.parse(
    await runFfprobe(path, [
      '-print_format',
      'json',
      '-show_format',
      '-show_streams',
      // The first packets' timestamps (demuxed, not decoded) show the pattern of picture types.
      ...(options.codingPattern === true
        ? ['-select_streams', 'v:0', '-read_intervals', `%+#${PATTERN_PACKETS}`]
        : []),
      ...(options.codingPattern === true ? ['-show_entries', 'packet=pts'] : []),
    ]),
  );
  const output: ProbeOutput = typeof parsed === 'object' && parsed !== null ? parsed : {};
  const stream = output.streams?.find((s) => s.codec_type === 'video');
  if (!stream || !stream.width || !stream.height) {
    throw new VideoReadError(path, 'no video stream found');
  }
  // avg_frame_rate reflects the real cadence for variable-rate files; r_frame_rate is the fallback.
  const fps = parseFrameRate(stream.avg_frame_rate) || parseFrameRate(stream.r_frame_rate);
  if (fps <= 0) throw new VideoReadError(path, 'the frame rate is unknown');
  const durationS = positive(stream.duration) || positive(output.format?.duration);
  const frameCount =
    positive(stream.nb_frames) ||
    (bytes <= COUNT_PACKETS_MAX_BYTES ? await countPackets(path, stream.index ?? 0) : 0) ||
    Math.round(durationS * fps);
  return {
    info: {
      width: stream.width,
      height: stream.height,
      fps,
      frameCount,
      durationS: durationS || frameCount / fps,
      codec: stream.codec_name ?? 'unknown',
      container: output.format?.format_name ?? 'unknown',
      ...(options.codingPattern === true
        ? {
            codingPeriodFrames: periodOfAnchors(
              (output.packets ?? []).map((p) => p.pts ?? NaN).filter(Number.isFinite),
            ),
          }
        : {}),
    },
    pixelFormat: stream.pix_fmt ?? 'unknown',
    colorRange: stream.color_range ?? 'unknown',
    bytes,
  };
}

/**
 * Presentation times of the video stream's frames, s, in presentation order: the packets'
 * timestamps, demuxed and not decoded (about a read of the file), sorted, since with B frames they
 * are stored in decode order. Every ffprobe prints them (the packaged 2018 build and a system one
 * alike), and each packet of a video stream is one frame of the passthrough reader. Null when any
 * packet has no timestamp (a raw H.264 stream) or ffprobe cannot tell: the frames are then
 * taken as evenly spaced.
 */
export async function probeFrameTimes(path: string): Promise<number[] | null> {
  const out = await runFfprobe(path, [
    '-select_streams',
    'v:0',
    '-show_entries',
    'packet=pts_time',
    '-of',
    'csv=p=0',
  ]).catch(() => null);
  if (out === null) return null;
  const lines = out.split('\n').filter((line) => line.trim() !== '');
  const times = lines.map((line) => Number(line.split(',')[0]));
  if (times.length === 0 || !times.every(Number.isFinite)) return null;
  return times.sort((a, b) => a - b);
}
