import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** Locations of the ffmpeg and ffprobe executables used by the adapter. */
export interface FfmpegPaths {
  readonly ffmpeg: string;
  readonly ffprobe: string;
}

let cached: FfmpegPaths | undefined;

function systemBinary(name: string): string | undefined {
  try {
    execFileSync(name, ['-version'], { stdio: 'ignore' });
    return name;
  } catch {
    return undefined;
  }
}

function packagedBinary(packageName: string): string {
  const installer: unknown = require(packageName);
  if (typeof installer === 'object' && installer !== null && 'path' in installer) {
    const { path } = installer;
    if (typeof path === 'string') return path;
  }
  throw new Error(`${packageName} did not provide a binary path`);
}

/**
 * The ffmpeg/ffprobe to run: a system installation on PATH when present (usually newer and with more
 * codecs), else the static binaries shipped inside npm packages.
 */
export function ffmpegPaths(): FfmpegPaths {
  cached ??= {
    ffmpeg:
      process.env.FFMPEG_PATH ??
      systemBinary('ffmpeg') ??
      packagedBinary('@ffmpeg-installer/ffmpeg'),
    ffprobe:
      process.env.FFPROBE_PATH ??
      systemBinary('ffprobe') ??
      packagedBinary('@ffprobe-installer/ffprobe'),
  };
  return cached;
}
