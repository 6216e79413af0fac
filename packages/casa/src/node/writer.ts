import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { ffmpegPaths } from './ffmpeg-paths.js';

export interface VideoWriterOptions {
  readonly width: number;
  readonly height: number;
  readonly fps: number;
  readonly pixelFormat: 'gray' | 'rgb24';
  /** ffmpeg encoder; default libx264 in an mp4 that browsers play. */
  readonly codec?: 'libx264' | 'mjpeg' | 'libvpx' | 'rawvideo';
}

export interface VideoWriter {
  /** Queues one frame (width*height bytes for gray, *3 for rgb24); resolves when ffmpeg can take more. */
  write(frame: Uint8Array): Promise<void>;
  /** Finishes the file; rejects when ffmpeg failed. */
  close(): Promise<void>;
}

function encoderArgs(codec: NonNullable<VideoWriterOptions['codec']>): string[] {
  switch (codec) {
    case 'libx264':
      return [
        '-c:v',
        'libx264',
        '-preset',
        'veryfast',
        '-crf',
        '18',
        '-pix_fmt',
        'yuv420p',
        '-movflags',
        '+faststart',
      ];
    case 'mjpeg':
      return ['-c:v', 'mjpeg', '-q:v', '3', '-pix_fmt', 'yuvj420p'];
    case 'libvpx':
      return ['-c:v', 'libvpx', '-b:v', '2M', '-pix_fmt', 'yuv420p'];
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
    ...encoderArgs(codec),
    path,
  ];
  const child = spawn(ffmpegPaths().ffmpeg, args, { stdio: ['pipe', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-4000);
  });
  const exited = new Promise<number | null>((resolve) =>
    child.on('close', (code) => resolve(code)),
  );
  let failure: Error | undefined;
  child.stdin.on('error', (error) => {
    failure = error;
  });

  return {
    async write(frame) {
      if (frame.length !== expected) {
        throw new Error(`Frame has ${frame.length} bytes, expected ${expected}`);
      }
      if (failure) throw new Error(`ffmpeg stopped: ${stderr.trim() || failure.message}`);
      if (!child.stdin.write(frame)) await once(child.stdin, 'drain');
    },
    async close() {
      child.stdin.end();
      const code = await exited;
      if (code !== 0)
        throw new Error(`ffmpeg could not write "${path}": ${stderr.trim() || `exit ${code}`}`);
    },
  };
}
