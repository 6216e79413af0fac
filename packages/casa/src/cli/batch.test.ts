import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVideoWriter } from '../node/writer.js';
import { createSimulation } from '../simulate/simulation.js';
import { ANALYZE_HELP, ANALYZE_OPTIONS } from './analyze.js';
import { listVideoFiles } from './batch.js';
import { CASA_HELP, runCasa } from './casa.js';
import { CSV_HEADER, csvCell } from './csv.js';
import { createBatchProgress } from './progress.js';
import { SIMULATE_HELP, SIMULATE_OPTIONS } from './simulate.js';

function sinks(isTTY = false) {
  const out = { text: '', write: (t: string) => (out.text += t) };
  const err = { text: '', isTTY, write: (t: string) => (err.text += t) };
  return { io: { stdout: out, stderr: err }, out, err };
}

/** Splits CSV text into rows of cells (quoted cells may hold commas and doubled quotes). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  for (const line of text.trimEnd().split('\n')) {
    const cells: string[] = [];
    const re = /("((?:[^"]|"")*)"|[^,]*)(,|$)/g;
    for (let m = re.exec(line); m !== null && m.index < line.length; m = re.exec(line)) {
      cells.push(m[2] !== undefined ? m[2].replaceAll('""', '"') : (m[1] ?? ''));
      if (m[3] === '') break;
    }
    if (line.endsWith(',')) cells.push('');
    rows.push(cells);
  }
  return rows;
}

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'casa-batch-'));
  // Two tiny videos, one per polarity, and a text file posing as a video.
  const videos = [
    ['b-dark.mp4', 'bright-field'],
    ['a-bright.avi', 'phase-contrast'],
  ] as const;
  for (const [name, polarity] of videos) {
    const sim = createSimulation({
      polarity,
      sperm: 8,
      width: 200,
      height: 160,
      frames: 20,
      seed: 5,
    });
    const writer = createVideoWriter(join(dir, name), {
      width: 200,
      height: 160,
      fps: 50,
      pixelFormat: 'gray',
    });
    for (let i = 0; i < 20; i++) await writer.write(sim.renderFrame(i).data);
    await writer.close();
  }
  await writeFile(join(dir, 'bad.mp4'), 'this is not a video\n');
  await writeFile(join(dir, 'notes.txt'), 'ignored: not a video extension\n');
  await mkdir(join(dir, 'nested'));
  await writeFile(join(dir, 'nested', 'deeper.mkv'), 'also not a video\n');
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('casa help', () => {
  it.each([
    ['casa analyze --help', ['analyze', '--help'], ANALYZE_HELP],
    ['casa analyze -h', ['analyze', '-h'], ANALYZE_HELP],
    ['casa simulate --help', ['simulate', '--help'], SIMULATE_HELP],
    ['casa --help', ['--help'], CASA_HELP],
    ['casa help analyze', ['help', 'analyze'], ANALYZE_HELP],
  ])('%s prints its help on stdout and exits 0', async (_, argv, help) => {
    const { io, out, err } = sinks();
    expect(await runCasa(argv, io)).toBe(0);
    expect(out.text).toBe(help);
    expect(err.text).toBe('');
  });

  it('lists every option with its default in the help texts', () => {
    for (const [help, options] of [
      [ANALYZE_HELP, ANALYZE_OPTIONS],
      [SIMULATE_HELP, SIMULATE_OPTIONS],
    ] as const) {
      for (const option of options) {
        expect(help).toContain(`--${option.name}`);
        expect(CASA_HELP).toContain(`--${option.name}`);
        if (option.defaultText !== undefined) {
          expect(help.replace(/\s+/g, ' ')).toContain(`(default: ${option.defaultText})`);
        }
      }
    }
    expect(ANALYZE_HELP).toContain('(default: 0.5 µm/px)');
    expect(ANALYZE_HELP).toContain('(default: auto)');
  });
});

describe('casa option errors', () => {
  it.each([
    [['analyze', 'x.mp4', '--bogus'], 'casa analyze: unknown option --bogus'],
    [['simulate', '--bogus'], 'casa simulate: unknown option --bogus'],
    [
      ['analyze', 'x.mp4', '--polarity', 'grey'],
      'casa analyze: --polarity must be auto, bright or dark',
    ],
    [['analyze', 'x.mp4', '--json'], 'casa analyze: option --json <value> needs a value'],
    [['analyze', '.', '--json', 'out.json'], 'casa analyze: --json takes one video'],
    [['--bogus'], 'casa: unknown option --bogus'],
    [['analyse'], 'casa: unknown command "analyse"'],
  ])('%j: one line naming the mistake, a hint to --help, exit code 2', async (argv, message) => {
    const { io, out, err } = sinks();
    expect(await runCasa(argv, io)).toBe(2);
    const lines = err.text.trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain(message);
    expect(lines[1]).toMatch(/^Run "casa( \w+)? --help"/);
    expect(out.text).toBe('');
  });
});

describe('casa analyze FOLDER', () => {
  it('writes one CSV row per video, a failed row for the corrupt one, and exits 1', async () => {
    const csv = join(dir, 'out', 'results.csv');
    await mkdir(join(dir, 'out'));
    const { io, out, err } = sinks();
    expect(await runCasa(['analyze', dir, '--csv', csv], io)).toBe(1);
    const rows = parseCsv(await readFile(csv, 'utf8'));
    expect(rows[0]).toEqual(CSV_HEADER);
    const col = (name: string) => CSV_HEADER.indexOf(name);
    // Sorted by name; notes.txt and the subfolder are not videos of this batch.
    expect(rows.slice(1).map((r) => [r[0], r[1]])).toEqual([
      ['a-bright.avi', 'ok'],
      ['b-dark.mp4', 'ok'],
      ['bad.mp4', 'failed'],
    ]);
    const [bright, dark, bad] = rows.slice(1);
    expect(bad?.[2]).toMatch(/^Cannot read video "bad\.mp4": .+/);
    expect(bright?.[col('polarity')]).toBe('bright');
    expect(dark?.[col('polarity')]).toBe('dark');
    expect(dark?.[col('polarity_chosen_by')]).toBe('auto');
    expect(bright?.[col('frames')]).toBe('20');
    expect(Number(bright?.[col('concentration_million_per_ml')])).toBeGreaterThan(0);
    const concentration = Number(bright?.[col('concentration_million_per_ml')]);
    expect(Number(bright?.[col('concentration_ci95_low_million_per_ml')])).toBeLessThan(
      concentration,
    );
    expect(Number(bright?.[col('concentration_ci95_high_million_per_ml')])).toBeGreaterThan(
      concentration,
    );
    expect(Number(bright?.[col('immotile_ci95_high_percent')])).toBeGreaterThan(0);
    expect(bright?.[col('fps')]).toBe('50');
    expect(bright?.[col('detector')]).toBe('classical');
    expect(bright?.[col('detector_model')]).toBe('');
    expect(bad?.length).toBe(CSV_HEADER.length);
    expect(out.text).toBe('');
    expect(err.text).toContain('[1/3] a-bright.avi');
    expect(err.text).toMatch(/\[3\/3\] bad\.mp4 failed: Cannot read video/);
    expect(err.text).toContain('2 of 3 videos analysed, 1 failed');
  });

  it('writes the CSV to stdout with --csv -, and takes subfolders with --recursive', async () => {
    const { io, out } = sinks();
    const argv = ['analyze', dir, '--csv', '-', '--recursive', '--polarity', 'dark'];
    expect(await runCasa(argv, io)).toBe(1);
    const rows = parseCsv(out.text);
    expect(rows.map((r) => r[0])).toEqual([
      'file',
      'a-bright.avi',
      'b-dark.mp4',
      'bad.mp4',
      join('nested', 'deeper.mkv'),
    ]);
    const col = CSV_HEADER.indexOf('polarity_chosen_by');
    expect(rows[1]?.[col]).toBe('settings');
  });

  it('exits 0 when every video is fine, and a single file gives a one-row CSV', async () => {
    const good = join(dir, 'good');
    await mkdir(good);
    await writeFile(join(good, 'one.mp4'), await readFile(join(dir, 'b-dark.mp4')));
    const batch = sinks();
    expect(await runCasa(['analyze', good], batch.io)).toBe(0);
    expect(parseCsv(batch.out.text)).toHaveLength(2);
    const single = sinks();
    expect(await runCasa(['analyze', join(good, 'one.mp4'), '--csv', '-'], single.io)).toBe(0);
    const rows = parseCsv(single.out.text);
    expect(rows).toHaveLength(2);
    expect(rows[1]?.[CSV_HEADER.indexOf('polarity')]).toBe('dark');
  });

  it('says so when a folder holds no video', async () => {
    const empty = join(dir, 'empty');
    await mkdir(empty);
    const { io, err } = sinks();
    expect(await runCasa(['analyze', empty], io)).toBe(1);
    expect(err.text).toMatch(/no video files .* in ".*empty"/);
  });
});

describe('single video summary', () => {
  it('reports the polarity it chose', async () => {
    const { io, out } = sinks();
    expect(await runCasa(['analyze', join(dir, 'b-dark.mp4')], io)).toBe(0);
    expect(out.text).toMatch(/Polarity: dark heads \(bright-field\), auto \(/);
  });
});

describe('batch helpers', () => {
  it('lists videos by extension, case-insensitive, sorted by name', async () => {
    const files = await listVideoFiles(dir, false);
    expect(files.map((f) => f.slice(dir.length + 1))).toEqual([
      'a-bright.avi',
      'b-dark.mp4',
      'bad.mp4',
    ]);
  });

  it('quotes CSV cells that hold commas, quotes or line breaks', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(1 / 3)).toBe('0.3333');
  });

  it('draws "[i/n] name bar %" in place on a terminal and plain lines elsewhere', () => {
    const tty = sinks(true).err;
    const bar = createBatchProgress(2, tty);
    bar.start(1, 'clip.mp4');
    bar.finish('ok');
    expect(tty.text).toContain('[2/2] clip.mp4 ░░░░');
    expect(tty.text).toContain('  0%  all');
    expect(tty.text.startsWith('\r')).toBe(true);
    const plain = sinks(false).err;
    const lines = createBatchProgress(2, plain);
    lines.start(0, 'clip.mp4');
    lines.update(0.5);
    lines.finish('ok');
    expect(plain.text).toBe('[1/2] clip.mp4 ...\n[1/2] clip.mp4 ok\n');
  });
});
