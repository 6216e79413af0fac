import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** Locations of the ffmpeg and ffprobe executables used by the adapter. */
export interface FfmpegPaths {
  readonly ffmpeg: string;
  readonly ffprobe: string;
}

let cached: FfmpegPaths | undefined;
let passthroughArgs: readonly string[] | undefined;

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
 * codecs), else the static binaries shipped inside npm packages. FFMPEG_PATH / FFPROBE_PATH override.
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

/**
 * The output option that keeps exactly one output frame per decoded frame (no duplication or
 * dropping to a constant rate), chosen from an ffmpeg's `-h full` text: ffmpeg 5.1 added
 * `-fps_mode` and ffmpeg 9 removed `-vsync`, while the packaged 2018 build only knows `-vsync`.
 */
export function passthroughArgsFromHelp(helpText: string): readonly string[] {
  return /^-fps_mode\b/m.test(helpText) ? ['-fps_mode', 'passthrough'] : ['-vsync', 'passthrough'];
}

/** {@link passthroughArgsFromHelp} for the ffmpeg in use; asked once, then cached. */
export function passthroughFrameRateArgs(): readonly string[] {
  if (passthroughArgs === undefined) {
    let help = '';
    try {
      help = execFileSync(ffmpegPaths().ffmpeg, ['-hide_banner', '-h', 'full'], {
        encoding: 'utf8',
        maxBuffer: 32 * 1024 * 1024,
        stdio: ['ignore', 'pipe', 'ignore'],
      });
    } catch {
      // An ffmpeg that cannot print its help is old or broken; -vsync is the older spelling.
    }
    passthroughArgs = passthroughArgsFromHelp(help);
  }
  return passthroughArgs;
}
