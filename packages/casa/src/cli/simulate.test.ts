import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probeVideo } from '../node/probe.js';
import { createProgressBar } from './progress.js';
import { runSimulateCommand } from './simulate.js';

function sink(isTTY = false): { isTTY: boolean; text: string; write(t: string): boolean } {
  return {
    isTTY,
    text: '',
    write(t: string) {
      this.text += t;
      return true;
    },
  };
}

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'casa-sim-cli-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('casa simulate', () => {
  it('writes an mp4 and the truth JSON', async () => {
    const out = join(dir, 'sim.mp4');
    const truthPath = join(dir, 'sim.json');
    const err = sink();
    const argv = [
      '--out',
      out,
      '--truth',
      truthPath,
      '--frames',
      '12',
      '--width',
      '160',
      '--height',
      '120',
    ];
    const code = await runSimulateCommand(
      [
        ...argv,
        ...['--sperm', '5', '--seed', '3', '--mix', '1,1,1,1', '--debris', '7', '--drift', '2'],
        ...['--blur', '0.8', '--round-cells', '2', '--polarity', 'phase-contrast-dark'],
        ...['--stuck', '0.5'],
      ],
      err,
    );
    expect(code).toBe(0);
    const info = await probeVideo(out);
    expect(info).toMatchObject({ width: 160, height: 120, fps: 50, frameCount: 12 });
    const parsed: unknown = JSON.parse(await readFile(truthPath, 'utf8'));
    expect(parsed).toMatchObject({
      version: 1,
      width: 160,
      height: 120,
      frames: 12,
      depth_um: 20,
      params: {
        mix: [0.25, 0.25, 0.25, 0.25],
        seed: 3,
        debris: 7,
        driftUmPerS: 2,
        blurSigmaPx: 0.8,
        roundCells: 2,
        stuckShare: 0.5,
        polarity: 'phase-contrast-dark',
      },
    });
    expect((parsed as { round_cells: unknown[] }).round_cells).toHaveLength(2);
    expect(err.text).toContain('Simulating: 100%');
    expect(err.text).toMatch(/wrote .*sim\.mp4/);
  });

  it.each([
    [['--truth', 't.json']],
    [['--out', 'a.mp4', '--truth', 't.json', '--sperm', 'many']],
    [['--out', 'a.mp4', '--truth', 't.json', '--mix', '1,2,3']],
    [['--out', 'a.mp4', '--truth', 't.json', '--polarity', 'dark']],
    [['--out', 'a.mp4', '--truth', 't.json', '--width', '100']],
    [['--out', 'a.mp4', '--truth', 't.json', '--bogus']],
    [['--out', 'a.mp4', '--truth', 't.json', '--debris=-1']],
    [['--out', 'a.mp4', '--truth', 't.json', '--round-cells', 'few']],
    [['--out', 'a.mp4', '--truth', 't.json', '--noise', 'loud']],
    [['--out', 'a.mp4', '--truth', 't.json', '--blur=-1']],
    [['--out', 'a.mp4', '--truth', 't.json', '--blur', '20']],
  ])('exits 2 with a message for bad arguments %j', async (argv) => {
    const err = sink();
    expect(await runSimulateCommand(argv, err)).toBe(2);
    expect(err.text).toMatch(/^casa simulate: .+\nRun "casa simulate --help"/);
  });
});

describe('createProgressBar', () => {
  it('prints one line per 10 % when not on a terminal', () => {
    const err = sink(false);
    const bar = createProgressBar('Work', 50, err);
    for (let i = 1; i <= 50; i++) bar.update(i);
    bar.done();
    expect(err.text.trim().split('\n')).toHaveLength(11);
    expect(err.text).toContain('Work: 50% (25/50)');
  });

  it('redraws in place on a terminal', () => {
    const err = sink(true);
    const bar = createProgressBar('Work', 10, err);
    bar.update(1);
    bar.update(10);
    bar.done();
    expect(err.text.startsWith('\rWork [')).toBe(true);
    expect(err.text.endsWith('(10/10)\n')).toBe(true);
  });
});
