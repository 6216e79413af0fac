import { spawn } from 'node:child_process';
import { ffmpegPaths } from './ffmpeg-paths.js';

export interface VideoWriterOptions {
  readonly width: number;
  readonly height: number;
  readonly fps: number;
  readonly pixelFormat: 'gray' | 'rgb24';
  /** ffmpeg encoder; default libx264 in an mp4 that browsers play. */
  readonly codec?: 'libx264' | 'mjpeg' | 'libvpx' | 'libvpx-vp9' | 'rawvideo';
  /** libx264 constant rate factor; default 18 (near-lossless: pixel noise survives). */
  readonly crf?: number;
}

export interface VideoWriter {
  /**
   * Queues one frame (width*height bytes for gray, *3 for rgb24); resolves when ffmpeg can take more.
   * The bytes are copied, so the caller may reuse its buffer as soon as the promise resolves.
   */
  write(frame: Uint8Array): Promise<void>;
  /** Finishes the file; rejects when ffmpeg failed. */
  close(): Promise<void>;
}

function encoderArgs(codec: NonNullable<VideoWriterOptions['codec']>, crf = 18): string[] {
  switch (codec) {
    case 'libx264':
      return [
        '-c:v',
        'libx264',
        '-preset',
        'veryfast',
        '-crf',
        String(crf),
        '-pix_fmt',
        'yuv420p',
        '-movflags',
        '+faststart',
      ];
    case 'mjpeg':
      return ['-c:v', 'mjpeg', '-q:v', '3', '-pix_fmt', 'yuvj420p'];
    case 'libvpx':
      return ['-c:v', 'libvpx', '-b:v', '2M', '-pix_fmt', 'yuv420p'];
    case 'libvpx-vp9':
      return [
        '-c:v',
        'libvpx-vp9',
        '-b:v',
        '0',
        '-crf',
        '32',
        '-deadline',
        'realtime',
        '-pix_fmt',
        'yuv420p',
      ];
    case 'rawvideo':
      return ['-c:v', 'rawvideo', '-pix_fmt', 'gray'];
  }
}

/**
 * Encodes raw frames into a video file with ffmpeg. Odd sizes are padded to even ones because
 * yuv420p needs them.
 */
export function createVideoWriter(path: string, options: VideoWriterOptions): VideoWriter {
  const codec = options.codec ?? 'libx264';
  const channels = options.pixelFormat === 'rgb24' ? 3 : 1;
  const expected = options.width * options.height * channels;
  const args = [
    '-nostdin',
    '-v',
    'error',
    '-y',
    '-f',
    'rawvideo',
    '-pix_fmt',
    options.pixelFormat,
    '-s',
    `${options.width}x${options.height}`,
    '-r',
    String(options.fps),
    '-i',
    'pipe:0',
    ...(codec === 'rawvideo' ? [] : ['-vf', 'pad=ceil(iw/2)*2:ceil(ih/2)*2']),
    ...encoderArgs(codec, options.crf),
    path,
  ];
  const child = spawn(ffmpegPaths().ffmpeg, args, { stdio: ['pipe', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-4000);
  });
  let failure: Error | undefined;
  let running = true;
  const exited = new Promise<number | null>((resolve) => {
    child.on('close', (code) => {
      running = false;
      resolve(code);
    });
    child.on('error', (error) => {
      running = false;
      failure = error;
      resolve(-1);
    });
  });
  child.stdin.on('error', (error) => {
    failure = error;
  });
  // Resolves on 'drain', or when ffmpeg is gone (a dead process never drains).
  const writable = (): Promise<void> =>
    new Promise((resolve) => {
      const settle = (): void => {
        child.stdin.off('drain', settle);
        child.stdin.off('close', settle);
        child.stdin.off('error', settle);
        resolve();
      };
      child.stdin.once('drain', settle);
      child.stdin.once('close', settle);
      child.stdin.once('error', settle);
    });

  return {
    async write(frame) {
      if (frame.length !== expected) {
        throw new Error(`Frame has ${frame.length} bytes, expected ${expected}`);
      }
      if (failure || !running) {
        throw new Error(
          `ffmpeg stopped writing "${path}": ${stderr.trim() || failure?.message || 'ffmpeg exited'}`,
        );
      }
      // Node queues the chunk by reference; copying keeps a reused caller buffer from changing it.
      if (!child.stdin.write(Buffer.from(frame))) await writable();
    },
    async close() {
      child.stdin.end();
      const code = await exited;
      if (code !== 0)
        throw new Error(`ffmpeg could not write "${path}": ${stderr.trim() || `exit ${code}`}`);
    },
  };
}
