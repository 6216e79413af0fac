import { ffmpegPaths } from '@sarm/casa/node';
import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** A file a hostile or unlucky user might upload, with the name it is uploaded under. */
export interface HostileFile {
  readonly label: string;
  readonly name: string;
  readonly content: Buffer;
}

async function ffmpeg(args: readonly string[]): Promise<void> {
  await run(ffmpegPaths().ffmpeg, ['-nostdin', '-v', 'error', '-y', ...args]);
}

/** A noisy 320x240 H.264 clip (4 s at 25 fps, a few MB), its index first or last. */
async function encodeClip(file: string, indexFirst: boolean): Promise<Buffer> {
  await ffmpeg([
    '-f',
    'lavfi',
    '-i',
    'testsrc2=size=320x240:rate=25,noise=alls=40:allf=t',
    '-t',
    '4',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-crf',
    '18',
    '-pix_fmt',
    'yuv420p',
    ...(indexFirst ? ['-movflags', '+faststart'] : []),
    file,
  ]);
  return readFile(file);
}

const cut = (content: Buffer, share: number) =>
  content.subarray(0, Math.floor(content.length * share));

/** The clip with `bytes` of pseudo-random garbage written over its middle. */
function corruptMiddle(content: Buffer, bytes: number): Buffer {
  const copy = Buffer.from(content);
  const start = Math.floor(copy.length / 2);
  let seed = 12345;
  for (let i = 0; i < bytes && start + i < copy.length; i++) {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    copy[start + i] = seed & 0xff;
  }
  return copy;
}

/** A YUV4MPEG header claiming a frame of `width` x `height`, followed by a few bytes of "frame". */
function hugeFrameHeader(width: number, height: number): Buffer {
  return Buffer.concat([
    Buffer.from(`YUV4MPEG2 W${width} H${height} F25:1 Ip A1:1 C420jpeg\nFRAME\n`),
    Buffer.alloc(4096, 128),
  ]);
}

/** A good clip (to upload first and watch stay untouched) and every hostile variant of it. */
export async function makeHostileFiles(dir: string) {
  const indexFirst = await encodeClip(path.join(dir, 'index-first.mp4'), true);
  const indexLast = await encodeClip(path.join(dir, 'index-last.mp4'), false);
  const png = path.join(dir, 'still.png');
  await ffmpeg(['-f', 'lavfi', '-i', 'color=c=gray:s=64x48', '-frames:v', '1', png]);
  const audio = path.join(dir, 'audio.mp4');
  await ffmpeg(['-f', 'lavfi', '-i', 'sine=frequency=440:duration=1', '-c:a', 'aac', audio]);
  await writeFile(path.join(dir, 'good.mp4'), indexFirst);
  const hostile: HostileFile[] = [
    { label: 'an empty file', name: 'empty.mp4', content: Buffer.alloc(0) },
    { label: 'a 1-byte file', name: 'one-byte.mp4', content: Buffer.from([0]) },
    { label: 'index first, cut at 3 %', name: 'cut-3.mp4', content: cut(indexFirst, 0.03) },
    { label: 'index first, cut at 40 %', name: 'cut-40.mp4', content: cut(indexFirst, 0.4) },
    { label: 'index last, cut at 3 %', name: 'last-cut-3.mp4', content: cut(indexLast, 0.03) },
    { label: 'index last, cut at 60 %', name: 'last-cut-60.mp4', content: cut(indexLast, 0.6) },
    {
      label: 'a corrupted frame in the middle',
      name: 'corrupt-middle.mp4',
      content: corruptMiddle(indexFirst, 20_000),
    },
    { label: 'text named .mp4', name: 'notes.mp4', content: Buffer.from('just some text\n') },
    { label: 'a PNG named .avi', name: 'picture.avi', content: await readFile(png) },
    { label: 'an audio-only file', name: 'sound.mp4', content: await readFile(audio) },
    {
      label: 'a header claiming 60,000 x 60,000 pixels',
      name: 'huge.avi',
      content: hugeFrameHeader(60_000, 60_000),
    },
  ];
  return { good: { name: 'good.mp4', content: indexFirst }, hostile };
}
