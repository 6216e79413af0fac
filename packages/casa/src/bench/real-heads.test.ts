import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ffmpegPaths } from '../node/ffmpeg-paths.js';
import type { Detection, Detector } from '../detect/types.js';
import {
  classicalHeadFinder,
  detectorHeadFinder,
  formatRealHeads,
  scoreMarkedFolder,
} from './real-heads.js';

const WIDTH = 160;
const HEIGHT = 120;
/** Dark elliptical heads (about 5 x 3 µm at 0.5 µm/px) on a grey field, well apart. */
const HEADS = [
  { x: 30, y: 30 },
  { x: 80, y: 28 },
  { x: 130, y: 35 },
  { x: 40, y: 90 },
  { x: 110, y: 85 },
];

function fieldWithHeads(): Buffer {
  const pixels = Buffer.alloc(WIDTH * HEIGHT);
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) {
      let level = 170 + ((x * 7 + y * 13) % 5);
      for (const h of HEADS) {
        const r = ((x - h.x) / 5) ** 2 + ((y - h.y) / 3) ** 2;
        if (r < 1) level = Math.min(level, 60 + 60 * r);
      }
      pixels[y * WIDTH + x] = level;
    }
  }
  return pixels;
}

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'casa-real-heads-'));
  await writeFile(join(dir, 'field.gray'), fieldWithHeads());
  execFileSync(ffmpegPaths().ffmpeg, [
    '-v',
    'error',
    '-f',
    'rawvideo',
    '-pix_fmt',
    'gray',
    '-s',
    `${WIDTH}x${HEIGHT}`,
    '-i',
    join(dir, 'field.gray'),
    '-frames:v',
    '1',
    join(dir, 'field.png'),
  ]);
  // Every drawn head marked, plus one mark where nothing was drawn (a head the detector cannot find).
  const marks = [...HEADS, { x: 80, y: 60 }].map((h) => `${h.x + 0.4},${h.y - 0.3},1`);
  await writeFile(join(dir, 'field.csv'), `${marks.join('\n')}\n`);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('scoreMarkedFolder', () => {
  it('scores the classical detector on a marked picture: found heads matched, the unfindable mark missed', async () => {
    const score = await scoreMarkedFolder(
      dir,
      classicalHeadFinder({ umPerPixel: 0.5, polarity: 'dark' }),
      5,
    );
    expect(score.perMedia.map((m) => [m.name, m.frames, m.marked])).toEqual([['field', 1, 6]]);
    expect(score.pooled.found).toBe(5);
    expect(score.pooled.matched).toBe(5);
    expect(score.pooled.precision).toBe(1);
    expect(score.pooled.recall).toBeCloseTo(5 / 6, 6);
    expect(formatRealHeads(score).at(-1)).toMatch(/^pooled\s+6\s+5\s+1\.000\s+0\.833\s+0\.909$/);
  });

  it('scores any head finder the same way (a finder that reports nothing finds nothing)', async () => {
    const score = await scoreMarkedFolder(dir, () => [], 5);
    expect(score.pooled).toMatchObject({ marked: 6, found: 0, matched: 0, recall: 0, f1: 0 });
  });

  it('scores a detector given as such, a trained model answering a promise: its heads and clusters, not its round cells', async () => {
    const at = (x: number, y: number, className: Detection['className']): Detection =>
      ({ x, y, className }) as Detection;
    const model: Detector = {
      detect: () =>
        Promise.resolve([
          at(30, 30, 'sperm'),
          at(80, 28, 'cluster'),
          at(130, 35, 'round_cell'),
          at(10, 110, 'sperm'),
        ]),
    };
    const score = await scoreMarkedFolder(dir, detectorHeadFinder(model), 5);
    expect(score.pooled).toMatchObject({ marked: 6, found: 3, matched: 2 });
  });
});
