import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AccuracyFigures } from './accuracy.js';
import { measureAccuracy } from './accuracy.js';
import {
  classicalHeadFinder,
  detectorHeadFinder,
  formatRealHeads,
  scoreMarkedFolder,
} from './real-heads.js';
import { loadModelWithMl, type DetectorReport } from '../cli/detector.js';
import { HELD_OUT_SEEDS, TUNING_SEEDS, hardCases, summarise } from './hard-cases.js';
import { HARD_SAMPLE_PARAMS } from '../simulate/params.js';
import type { SimulationParams } from '../simulate/simulation.js';
import type { CasaSettings } from '../settings.js';
import { TIMING_HELD_OUT_SEEDS, measureTiming } from './timing.js';
import {
  FIELD_HELD_OUT_SEEDS,
  FIELD_TUNING_SEEDS,
  formatFields,
  measureFields,
} from './field-range.js';
import { OPTICS_HELD_OUT_SEEDS, OPTICS_TUNING_SEEDS, measureOptics } from './optics-range.js';
import {
  DARK_HEAD_HELD_OUT_SEEDS,
  DARK_HEAD_TUNING_SEEDS,
  measureDarkHeads,
} from './dark-heads-range.js';
import { LONG_HELD_OUT_SEEDS, LONG_TUNING_SEEDS, measureLongVideos } from './long-videos.js';
import {
  ROUND_CELL_HELD_OUT_SEEDS,
  ROUND_CELL_TUNING_SEEDS,
  formatRoundCells,
  measureRoundCells,
} from './round-cells.js';
import {
  measureDetectorFps,
  measureEngineFps,
  measureFileSpeed,
  peakRssOfAnalysis,
  writeSimulatedVideo,
} from './speed.js';

const REAL_VIDEO = new URL(
  '../../../../../shared/data/real/phase-contrast-human-640x480-50fps.mp4',
  import.meta.url,
).pathname;

/** Hand-marked real pictures (`--real-dir` overrides); see bench/real-heads.ts. */
const REAL_HEADS_DIR = new URL('../../../../../shared/data/real/dense-crops', import.meta.url)
  .pathname;

const CASES: [string, Parameters<typeof measureAccuracy>[1]][] = [
  ['5 heads, default mix', { sperm: 5, seed: 1 }],
  ['30 heads, default mix', { sperm: 30, seed: 2 }],
  ['80 heads, default mix', { sperm: 80, seed: 3 }],
  ['150 heads, default mix', { sperm: 150, seed: 4 }],
  ['30 heads, mostly rapid', { sperm: 30, seed: 5, mix: [0.7, 0.1, 0.1, 0.1] }],
  ['30 heads, mostly immotile', { sperm: 30, seed: 6, mix: [0.1, 0.1, 0.1, 0.7] }],
  ['80 heads, blurred, drifting', { sperm: 80, seed: 7, blurSigmaPx: 1, driftUmPerS: 2 }],
];

/**
 * Command-line filters, so a single case can be measured without the whole bench (the machine is
 * shared): `--only accuracy,hard,timing,round-cells,fields,optics,dark-heads,long,speed,real,real-heads` runs those sections only; `--filter TEXT` runs only
 * the accuracy, hard, dark-head and long cases whose label contains TEXT (e.g. `--filter "0.3 um/px"`); `--seeds
 * tuning` or `--seeds held-out` runs one of the hard (and dark-head) seed sets; `--codec memory` or `--codec h264`
 * runs the hard cases on frames in memory only or through H.264 only (both by default).
 */
interface BenchOptions {
  readonly sections: ReadonlySet<string> | null;
  readonly filter: string | null;
  readonly seeds: 'tuning' | 'held-out' | null;
  readonly codec: 'memory' | 'h264' | null;
}

/** Quality of the hard cases' H.264 encoding: like the clinical recordings. */
const H264_CRF = 23;

function parseBenchOptions(args: readonly string[]): BenchOptions {
  const value = (name: string): string | null => {
    const i = args.indexOf(name);
    return i >= 0 ? (args[i + 1] ?? null) : null;
  };
  const only = value('--only');
  const seeds = value('--seeds');
  if (seeds !== null && seeds !== 'tuning' && seeds !== 'held-out') {
    throw new RangeError(`--seeds must be tuning or held-out, got ${seeds}`);
  }
  const codec = value('--codec');
  if (codec !== null && codec !== 'memory' && codec !== 'h264') {
    throw new RangeError(`--codec must be memory or h264, got ${codec}`);
  }
  return {
    sections: only === null ? null : new Set(only.split(',').map((s) => s.trim())),
    filter: value('--filter'),
    seeds,
    codec,
  };
}

/** What the timing section's recordings are. */
const SIM_TIMING = `HELD-OUT seeds (${TIMING_HELD_OUT_SEEDS.join(', ')}), 80 heads, 640x480, 250 frames each, class shares pooled`;

const OPTIONS = parseBenchOptions(process.argv.slice(2));
const runs = (section: string): boolean => OPTIONS.sections?.has(section) ?? true;
const selected = (label: string): boolean =>
  OPTIONS.filter === null || label.includes(OPTIONS.filter);

const num = (v: number, digits: number, width: number): string => v.toFixed(digits).padStart(width);
/** Signed to one decimal, without a "-0.0". */
const signed = (v: number): string => {
  const r = Math.round(v * 10) / 10 || 0;
  return `${r > 0 ? '+' : ''}${r.toFixed(1)}`.padStart(6);
};

async function printAccuracy(): Promise<void> {
  console.log('accuracy on generated 640x480 @ 50 fps videos, 250 frames each');
  console.log(
    'case                           F1   conc err %  class share error pp (rapid slow non-pr immot)  identity %  coverage %',
  );
  for (const [label, params] of CASES) {
    if (!selected(label)) continue;
    const f = await measureAccuracy(label, { frames: 250, ...params });
    const c = f.classErrorPp;
    console.log(
      `${label.padEnd(28)} ${num(f.f1, 3, 6)} ${num(f.concentrationErrorPercent, 1, 10)}   ${signed(c['Rapid Progressive'])} ${signed(c['Slow Progressive'])} ${signed(c['Non Progressive'])} ${signed(c.Immotile)}                     ${num(f.identityPercent, 1, 8)}  ${num(f.coveragePercent, 1, 10)}`,
    );
  }
}

async function printHardSet(
  title: string,
  seeds: readonly number[],
  h264Crf?: number,
): Promise<void> {
  console.log(
    `\n${title}${h264Crf === undefined ? ', frames in memory' : `, through H.264 crf ${h264Crf}`}`,
  );
  console.log(
    'case                               F1  conc err %  class share error pp (rapid slow non-pr immot)  drift err µm/s (true)  in 95 % CI: conc, shares',
  );
  const figures: AccuracyFigures[] = [];
  for (const { label, params } of hardCases(seeds)) {
    if (!selected(label)) continue;
    const f = await measureAccuracy(label, params, {}, h264Crf === undefined ? {} : { h264Crf });
    figures.push(f);
    const c = f.classErrorPp;
    console.log(
      `${label.padEnd(32)} ${num(f.f1, 3, 6)} ${num(f.concentrationErrorPercent, 1, 10)}   ${signed(c['Rapid Progressive'])} ${signed(c['Slow Progressive'])} ${signed(c['Non Progressive'])} ${signed(c.Immotile)}                     ${num(f.driftErrorUmPerS, 2, 5)} (${num(f.trueDriftUmPerS, 2, 4)})          ${f.concentrationCovered ? 'yes' : 'no '}, ${f.classSharesCovered}/4`,
    );
  }
  const s = summarise(figures);
  const m = s.meanAbsClassErrorPp;
  console.log(
    `  summary: mean |class error| pp rapid ${num(m['Rapid Progressive'], 1, 4)}, slow ${num(m['Slow Progressive'], 1, 4)}, non-progressive ${num(m['Non Progressive'], 1, 4)}, immotile ${num(m.Immotile, 1, 4)}; worst ${num(s.worstClassErrorPp, 1, 4)}; all four within 5 pp in ${s.casesWithinFivePp}/${s.cases} cases`,
  );
  console.log(
    `           concentration error mean ${num(s.meanConcentrationErrorPercent, 1, 4)} %, within 5 % in ${s.casesConcentrationMet}/${s.cases} cases; F1 mean ${num(s.meanF1, 3, 5)}, min ${num(s.minF1, 3, 5)}, >= 0.97 in ${s.casesF1Met}/${s.cases} cases; drift error mean ${num(s.meanDriftErrorUmPerS, 2, 4)}, max ${num(s.maxDriftErrorUmPerS, 2, 4)} µm/s`,
  );
  console.log(
    `           95 % interval coverage: concentration ${s.concentrationCovered}/${s.cases}, class shares ${s.sharesCovered}/${4 * s.cases} (the truth is the video's own cell mix, so this measures bias against the intervals' width)`,
  );
}

async function printHardSamples(): Promise<void> {
  console.log(
    '\nhard samples (issue 12): Brownian immotile cells and debris, stage drift ~2.5 µm/s wandering, beating non-progressive heads, 25 % defocused heads, noise 7, light falling 30 % across the field; 640x480, 4 s each',
  );
  // Every real recording is compressed: each set runs on the frames in memory and again through
  // H.264 at crf 23 (decoded by ffmpeg, as a recording is read), unless --codec picks one.
  const codecs = [
    ...(OPTIONS.codec !== 'h264' ? [undefined] : []),
    ...(OPTIONS.codec !== 'memory' ? [H264_CRF] : []),
  ];
  for (const crf of codecs) {
    if (OPTIONS.seeds !== 'held-out') {
      await printHardSet(
        `TUNING seeds (${TUNING_SEEDS.join(', ')}): used while choosing thresholds`,
        TUNING_SEEDS,
        crf,
      );
    }
    if (OPTIONS.seeds !== 'tuning') {
      await printHardSet(
        `HELD-OUT seeds (${HELD_OUT_SEEDS.join(', ')}): never looked at while tuning`,
        HELD_OUT_SEEDS,
        crf,
      );
    }
  }
}

async function printTiming(): Promise<void> {
  console.log(
    `\ntiming (issue 33): the same motion at a constant 50 fps, with +-30 % jitter per interval, and with three 200 ms stalls (30 frames dropped, times kept); ${SIM_TIMING}`,
  );
  console.log(
    'recording vs constant rate     class share difference pp (rapid slow non-pr immot)  mean VSL %  mean VCL %  tracks (constant)  dropped frames',
  );
  for (const f of await measureTiming(TIMING_HELD_OUT_SEEDS)) {
    const c = f.classDifferencePp;
    console.log(
      `${f.variant.padEnd(28)}   ${signed(c['Rapid Progressive'])} ${signed(c['Slow Progressive'])} ${signed(c['Non Progressive'])} ${signed(c.Immotile)}                          ${signed(f.vslDifferencePercent)}      ${signed(f.vclDifferencePercent)}      ${String(f.tracks).padStart(4)} (${f.constantTracks})         ${String(f.droppedFrames).padStart(4)}`,
    );
  }
}

/**
 * Prints a section measured on a tuning and a held-out seed set: `measure` runs one set, `format`
 * turns its figures into lines under the set's title.
 */
async function printSeedSets<T>(
  heading: string,
  tuning: readonly number[],
  heldOut: readonly number[],
  measure: (seeds: readonly number[]) => Promise<T>,
  format: (title: string, figures: T) => string[],
): Promise<void> {
  console.log(`\n${heading}`);
  const sets: [string, readonly number[]][] = [
    [`TUNING seeds (${tuning.join(', ')}): looked at while writing it`, tuning],
    [`HELD-OUT seeds (${heldOut.join(', ')}): never looked at`, heldOut],
  ];
  for (const [title, seeds] of sets) {
    for (const line of format(title, await measure(seeds))) console.log(line);
  }
}

const printFields = () =>
  printSeedSets(
    'field range (issue 34): low magnification (80 heads, 1.0-1.5 µm/px) and 250-head fields, hard imaging, 640x480, 50 fps, 150 frames',
    FIELD_TUNING_SEEDS,
    FIELD_HELD_OUT_SEEDS,
    measureFields,
    formatFields,
  );

const printOptics = () =>
  printSeedSets(
    'optics (issue 34): 0.25 µm/px, heads stuck to the glass, dark-head and dark-field optics; 80 heads, hard imaging, 640x480, 3 s',
    OPTICS_TUNING_SEEDS,
    OPTICS_HELD_OUT_SEEDS,
    measureOptics,
    formatFields,
  );

/** The dark-head section; `--filter` picks cases and `--seeds` one seed set. */
async function printDarkHeads(): Promise<void> {
  console.log(
    '\ndark heads (issue 34): bright field and dark heads with a bright halo, 0.25-1.5 µm/px; 80 heads, hard imaging, 640x480, 3 s',
  );
  const sets: [string, readonly number[]][] = [];
  if (OPTIONS.seeds !== 'held-out') {
    sets.push([
      `TUNING seeds (${DARK_HEAD_TUNING_SEEDS.join(', ')}): looked at while writing it`,
      DARK_HEAD_TUNING_SEEDS,
    ]);
  }
  if (OPTIONS.seeds !== 'tuning') {
    sets.push([
      `HELD-OUT seeds (${DARK_HEAD_HELD_OUT_SEEDS.join(', ')}): never looked at`,
      DARK_HEAD_HELD_OUT_SEEDS,
    ]);
  }
  for (const [title, seeds] of sets) {
    for (const line of formatFields(title, await measureDarkHeads(seeds, selected))) {
      console.log(line);
    }
  }
}

const printLongVideos = () =>
  printSeedSets(
    'long videos (issue 34): 30 s, phase contrast and bright field, 0.5 µm/px, 80 heads (250 in the dense case), hard imaging, 640x480, 50 fps',
    LONG_TUNING_SEEDS,
    LONG_HELD_OUT_SEEDS,
    (seeds) => measureLongVideos(seeds, selected),
    formatFields,
  );

const printRoundCells = () =>
  printSeedSets(
    'round cells (issue 34): 40 heads and 10 round cells (7 to 15 µm, no tail) vs the same seed without them; 640x480, 100 frames each',
    ROUND_CELL_TUNING_SEEDS,
    ROUND_CELL_HELD_OUT_SEEDS,
    measureRoundCells,
    formatRoundCells,
  );

async function printEngineSpeed(): Promise<void> {
  console.log(
    '\nspeed on frames in memory, 640x480 @ 50 fps, 500 frames (best of 2 runs; 10x real time is 500 frames/s)',
  );
  const hard = (sperm: number, umPerPixel: number): Partial<SimulationParams> => ({
    ...HARD_SAMPLE_PARAMS,
    sperm,
    umPerPixel,
    frames: 500,
    seed: 7,
  });
  const cases: [string, Partial<SimulationParams>, Partial<CasaSettings>][] = [
    ['30 heads', { sperm: 30, frames: 500, seed: 7 }, {}],
    ['150 heads', { sperm: 150, frames: 500, seed: 7 }, {}],
    ['150 heads hard, 0.3 um/px', hard(150, 0.3), {}],
    // Every magnification the engine is made for, from a 60x objective to a 10x one.
    ...[0.25, 0.5, 1.0, 1.5].map(
      (umPerPixel): [string, Partial<SimulationParams>, Partial<CasaSettings>] => [
        `80 heads hard, ${umPerPixel} um/px`,
        hard(80, umPerPixel),
        {},
      ],
    ),
    ['80 hard, bright field, 0.5', { ...hard(80, 0.5), polarity: 'bright-field' }, {}],
    [
      '250 hard, dark halo, peaks',
      { ...hard(250, 0.5), polarity: 'phase-contrast-dark' },
      {
        headFinding: 'peaks',
      },
    ],
  ];
  for (const [label, params, engineSettings] of cases) {
    const engine = await measureEngineFps(params, engineSettings);
    const detector = measureDetectorFps(params, engineSettings);
    console.log(
      `  ${label.padEnd(28)} engine ${num(engine, 0, 5)} frames/s, detector alone ${num(detector, 0, 5)} frames/s`,
    );
  }
}

async function printSpeedAndMemory(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'casa-bench-'));
  try {
    console.log(
      '\nspeed, 640x480 @ 50 fps (targets: analysis >= 500 frames/s and >= 0.8 x decode; best of 7 runs each, taking turns)',
    );
    const files: [string, number][] = [
      [
        'generated video, 30 heads, 500 frames, H.264 crf 23 (~0.4 Mbit/s, like the real recording):',
        23,
      ],
      [
        'generated video, 30 heads, 500 frames, H.264 crf 18 (~8 Mbit/s, pixel noise kept: slow to decode):',
        18,
      ],
    ];
    for (const [label, crf] of files) {
      const video = join(dir, `speed-${crf}.mp4`);
      await writeSimulatedVideo(video, { sperm: 30, frames: 500, seed: 7 }, crf);
      const speed = await measureFileSpeed(video);
      console.log(label);
      console.log(`  ffmpeg decode to grey only: ${num(speed.decodeFps, 0, 5)} frames/s`);
      console.log(`  full analysis of the file:  ${num(speed.analysisFps, 0, 5)} frames/s`);
      console.log(
        `  ratio analysis / decode:    ${num(speed.analysisFps / speed.decodeFps, 2, 5)} (median of the rounds' own ratios ${speed.medianRoundRatio.toFixed(2)})`,
      );
    }
    console.log('\nmemory (peak RSS of a fresh process analysing the whole video, 30 heads)');
    for (const seconds of [30, 120]) {
      const path = join(dir, `long-${seconds}.mp4`);
      await writeSimulatedVideo(path, { sperm: 30, frames: seconds * 50, seed: 8 });
      console.log(
        `  ${String(seconds).padStart(4)} s video: ${num(await peakRssOfAnalysis(path), 0, 4)} MB`,
      );
      await rm(path);
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function printRealHeads(): Promise<void> {
  const args = process.argv.slice(2);
  const flag = (name: string): string | undefined => args[args.indexOf(name) + 1];
  const dir = args.includes('--real-dir') ? (flag('--real-dir') ?? '') : REAL_HEADS_DIR;
  if (!existsSync(dir)) {
    console.log(`\nreal marked heads: no folder ${dir}, skipped`);
    return;
  }
  const umPerPixel = args.includes('--um-per-px') ? Number(flag('--um-per-px')) : 0.5;
  const polarity = flag('--polarity') === 'bright' ? 'bright' : 'dark';
  const where = `${polarity} heads, ${umPerPixel} µm/px, match within 5 px`;
  for (const headFinding of ['blobs', 'peaks'] as const) {
    console.log(`\nreal marked heads in ${dir}: classical detector (${headFinding}), ${where}`);
    const finder = classicalHeadFinder({ umPerPixel, polarity, headFinding });
    const score = await scoreMarkedFolder(dir, finder, 5);
    for (const line of formatRealHeads(score)) console.log(line);
  }
  const modelPath = flag('--model');
  if (!args.includes('--model') || modelPath === undefined) return;
  // A trained SARM detection model (the zip the product exports), loaded as `casa analyze --model`.
  const model = await loadModelWithMl(modelPath);
  console.log(`\nreal marked heads in ${dir}: ${detectorLabel(model.report)}, ${where}`);
  const score = await scoreMarkedFolder(
    dir,
    detectorHeadFinder(model.detector, { umPerPixel, polarity }),
    5,
  );
  for (const line of formatRealHeads(score)) console.log(line);
}

function detectorLabel(report: DetectorReport): string {
  return report.kind === 'model' ? `trained model ${report.name} (${report.file})` : 'classical';
}

async function printRealVideo(): Promise<void> {
  if (!existsSync(REAL_VIDEO)) return;
  const { decodeFps, analysisFps, medianRoundRatio, result } = await measureFileSpeed(REAL_VIDEO);
  const counts = result.per_frame.map((f) => f.count);
  const m = result.motility;
  console.log(
    '\nreal phase-contrast recording, 0.5 µm/px assumed (no annotations; visual estimate 30 to 40 heads per frame)',
  );
  console.log(
    `  cells per frame: mean ${result.concentration.mean_count_per_frame.toFixed(1)}, min ${Math.min(...counts)}, max ${Math.max(...counts)}; ${result.concentration.mean_concentration_million_per_ml.toFixed(1)} million/ml at 20 µm`,
  );
  console.log(
    `  ${m.track_count} tracks: rapid ${m.motility_distribution['Rapid Progressive'].toFixed(1)} %, slow ${m.motility_distribution['Slow Progressive'].toFixed(1)} %, non-progressive ${m.motility_distribution['Non Progressive'].toFixed(1)} %, immotile ${m.motility_distribution.Immotile.toFixed(1)} %`,
  );
  const c = result.concentration;
  const d = result.drift;
  console.log(
    `  95 % CI ${c.ci95[0].toFixed(1)}-${c.ci95[1].toFixed(1)} million/ml from ${c.cells_assessed} independent cells; motility from ${m.tracks_assessed} tracks; drift ${d.speed_um_per_s.toFixed(2)} µm/s from ${d.tracks_used} tracks`,
  );
  console.log(
    `  ffmpeg decode only ${num(decodeFps, 0, 4)} frames/s, full analysis ${num(analysisFps, 0, 4)} frames/s, ratio ${(analysisFps / decodeFps).toFixed(2)} (median of the rounds' own ratios ${medianRoundRatio.toFixed(2)})`,
  );
}

console.log(
  'SARM CASA benchmark (targets: F1 >= 0.97, concentration within 5 %, each class share within 5 pp, identity >= 95 %)\n',
);
if (runs('accuracy')) await printAccuracy();
if (runs('hard')) await printHardSamples();
if (runs('timing')) await printTiming();
if (runs('round-cells')) await printRoundCells();
if (runs('fields')) await printFields();
if (runs('optics')) await printOptics();
if (runs('dark-heads')) await printDarkHeads();
if (runs('long')) await printLongVideos();
if (runs('engine-speed')) await printEngineSpeed();
if (runs('speed')) await printSpeedAndMemory();
if (runs('real')) await printRealVideo();
if (runs('real-heads')) await printRealHeads();
