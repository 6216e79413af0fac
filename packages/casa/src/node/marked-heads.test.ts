import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ffmpegPaths } from './ffmpeg-paths.js';
import { listMarkedMedia, parseMarkedHeadsCsv, readMarkedFrames } from './marked-heads.js';

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'casa-marked-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('parseMarkedHeadsCsv', () => {
  it('reads a picture as x,y with a class column ignored', () => {
    const heads = parseMarkedHeadsCsv('232.94,53.01,1\n212.5,66,1\n', false);
    expect([...heads.keys()]).toEqual([0]);
    expect(heads.get(0)).toEqual([
      { x: 232.94, y: 53.01 },
      { x: 212.5, y: 66 },
    ]);
  });

  it('reads a recording as frame,x,y, and columns by a header name', () => {
    expect(parseMarkedHeadsCsv('3,10,20\n3,11,21\n7,1,2', true).get(3)).toHaveLength(2);
    const named = parseMarkedHeadsCsv('y,x,frame\n20,10,4\n', false);
    expect(named.get(4)).toEqual([{ x: 10, y: 20 }]);
  });

  it('names the row that is not a position', () => {
    expect(() => parseMarkedHeadsCsv('1,2\nten,3\n', false)).toThrow(/row 2/);
    expect(() => parseMarkedHeadsCsv('a,b\n1,2\n', false)).toThrow(/no x and y column/);
  });
});

describe('listMarkedMedia and readMarkedFrames', () => {
  it('pairs a picture with its CSV and decodes it in grey', async () => {
    const width = 32;
    const height = 24;
    const raw = Buffer.alloc(width * height, 200);
    raw[10 * width + 5] = 7;
    await writeFile(join(dir, 'raw.gray'), raw);
    execFileSync(ffmpegPaths().ffmpeg, [
      '-v',
      'error',
      '-f',
      'rawvideo',
      '-pix_fmt',
      'gray',
      '-s',
      `${width}x${height}`,
      '-i',
      join(dir, 'raw.gray'),
      '-frames:v',
      '1',
      join(dir, 'field.png'),
    ]);
    await writeFile(join(dir, 'field.csv'), '5,10,1\n');
    await writeFile(join(dir, 'orphan.csv'), '1,1\n');

    const media = await listMarkedMedia(dir);
    expect(media.map((m) => m.name)).toEqual(['field']);
    const frames = [];
    for await (const marked of readMarkedFrames(media[0]!)) frames.push(marked);
    expect(frames).toHaveLength(1);
    const { frame, heads } = frames[0]!;
    expect([frame.width, frame.height]).toEqual([width, height]);
    expect(frame.data[10 * width + 5]).toBe(7);
    expect(frame.data[0]).toBe(200);
    expect(heads).toEqual([{ x: 5, y: 10 }]);
  });
});
