/** `casa analyze`: one video (summary, JSON, overlay, CSV) or every video of a folder (CSV). */
import { stat, writeFile } from 'node:fs/promises';
import { relative } from 'node:path';
import type { AnalysisResult } from '../analyze/result.js';
import type { PolarityMode } from '../detect/polarity.js';
import { POLARITY_SAMPLE_FRAMES } from '../detect/polarity.js';
import { analyzeVideo } from '../node/analyze-video.js';
import { VideoReadError } from '../node/video-read-error.js';
import type { CasaSettings, HeadFinding } from '../settings.js';
import { DEFAULT_CASA_SETTINGS, InvalidSettingsError, resolveSettings } from '../settings.js';
import type { AnalyzeOne } from './batch.js';
import { analyzeBatch, listVideoFiles, VIDEO_EXTENSIONS } from './batch.js';
import type { VideoOutcome } from './csv.js';
import { csvHeaderLine, csvRow } from './csv.js';
import type { DetectorReport, LoadModel, ModelDetector } from './detector.js';
import { CLASSICAL_DETECTOR, detectorLine, loadModelWithMl, ModelLoadError } from './detector.js';
import type { OptionSpec, OptionValues } from './options.js';
import {
  flagOption,
  formatOptionsHelp,
  parseOptions,
  stringOption,
  usageErrorText,
  UsageError,
} from './options.js';
import { writeOverlayVideo } from './overlay.js';
import { createProgressBar } from './progress.js';

/** Usage line of the command. */
export const ANALYZE_USAGE = 'Usage: casa analyze <video|folder> [options]';

const D = DEFAULT_CASA_SETTINGS;

/** Every option of `casa analyze`, as parsed and as the help lists them. */
export const ANALYZE_OPTIONS: readonly OptionSpec[] = [
  {
    name: 'um-per-pixel',
    type: 'string',
    value: 'N',
    description:
      'spatial calibration, micrometres per pixel; set it for your microscope (the default assumes 40x on a 640x480 camera)',
    defaultText: `${D.umPerPixel} µm/px`,
  },
  {
    name: 'depth',
    type: 'string',
    value: 'UM',
    description: 'counting chamber depth, µm',
    defaultText: `${D.chamberDepthUm} µm`,
  },
  {
    name: 'dilution',
    type: 'string',
    value: 'N',
    description: 'dilution factor of the sample (concentration is multiplied by it)',
    defaultText: String(D.dilution),
  },
  {
    name: 'fps',
    type: 'string',
    value: 'N',
    description: "frame rate, frames/s, replacing the container's (only when it is known wrong)",
    defaultText: "the container's rate",
  },
  {
    name: 'polarity',
    type: 'string',
    value: 'MODE',
    description: `how heads look: bright (phase contrast), dark (bright-field) or auto, decided from the first ${POLARITY_SAMPLE_FRAMES} frames of each video (bright when they show no evidence)`,
    defaultText: 'auto',
  },
  {
    name: 'head-finding',
    type: 'string',
    value: 'MODE',
    description:
      'blobs (cells apart, clusters counted by area) or peaks (dense samples: one head per contrast peak, touching heads apart)',
    defaultText: 'blobs',
  },
  {
    name: 'json',
    type: 'string',
    value: 'FILE|-',
    description:
      'also write the full result as JSON to FILE; - writes only the JSON to stdout (one video only)',
  },
  {
    name: 'detections',
    type: 'boolean',
    description: "include every frame's boxes (pixels) in the JSON (one video only)",
  },
  {
    name: 'overlay',
    type: 'string',
    value: 'OUT.mp4',
    description:
      'write the video again with boxes and tracks coloured by WHO category (one video only)',
  },
  {
    name: 'csv',
    type: 'string',
    value: 'FILE|-',
    description:
      'write one CSV row per video (file, status, error, video, settings, polarity, concentration, motility, mean kinematics, detector) to FILE; - writes only the CSV to stdout',
    defaultText: 'none for one video, - for a folder',
  },
  {
    name: 'recursive',
    type: 'boolean',
    description: 'with a folder: include the videos of its subfolders',
  },
  {
    name: 'model',
    type: 'string',
    value: 'MODEL.zip',
    description:
      'find the heads with a trained SARM detection model (the zip SARM exports for a model) instead of the classical detector; needs @sarm/ml installed',
    defaultText: 'the classical detector',
  },
  { name: 'help', type: 'boolean', short: 'h', description: 'show this help' },
];

/** The full help of `casa analyze`. */
export const ANALYZE_HELP = `${ANALYZE_USAGE}

Analyses a microscope video: detection, tracking, concentration and WHO 6th edition motility.
Prints a summary on stdout and a progress bar on stderr.

  <video>    a video file ffmpeg can read
  <folder>   batch mode: every video in the folder (${VIDEO_EXTENSIONS.join(', ')}),
             sorted by name, one CSV row each; a video that fails gets a "failed" row and the
             batch goes on. Exit code 0 when all succeed, 1 when any failed.

Options:
${formatOptionsHelp(ANALYZE_OPTIONS)}

Exit codes: 0 success, 1 a video could not be analysed (or --model without @sarm/ml),
2 bad arguments (including a --model file that is not a SARM detection model).
Examples:
  casa analyze sample.mp4 --um-per-pixel 0.42 --json result.json
  casa analyze videos/ --csv results.csv
  casa analyze sample.mp4 --model heads.zip
`;

/** Where the command writes; tests pass their own sinks. */
export interface CommandOutput {
  readonly stdout: { write(text: string): unknown };
  readonly stderr: { write(text: string): unknown; isTTY?: boolean };
}

const COMMAND = 'casa analyze';

interface AnalyzeArgs {
  readonly target: string;
  readonly settings: CasaSettings;
  readonly polarity: PolarityMode;
  readonly values: OptionValues;
}

/**
 * `casa analyze`: returns the process exit code. `loadModel` loads a `--model` file (through
 * @sarm/ml unless a test passes its own).
 */
export async function runAnalyzeCommand(
  argv: string[],
  io: CommandOutput = { stdout: process.stdout, stderr: process.stderr },
  analyzeOne: AnalyzeOne = analyzeWithFfmpeg,
  loadModel: LoadModel = loadModelWithMl,
): Promise<number> {
  let args: AnalyzeArgs | 'help';
  let isFolder: boolean;
  try {
    args = parseAnalyzeArgs(argv);
    if (args === 'help') {
      io.stdout.write(ANALYZE_HELP);
      return 0;
    }
    isFolder = await isDirectory(args.target);
    if (isFolder) checkBatchOptions(args.values);
  } catch (error) {
    if (!(error instanceof UsageError || error instanceof InvalidSettingsError)) throw error;
    io.stderr.write(usageErrorText(COMMAND, error.message));
    return 2;
  }
  let model: ModelDetector | undefined;
  const modelPath = stringOption(args.values, 'model');
  if (modelPath !== undefined) {
    try {
      model = await loadModel(modelPath);
    } catch (error) {
      if (!(error instanceof ModelLoadError)) throw error;
      io.stderr.write(`casa: ${error.message}\n`);
      return error.exitCode;
    }
  }
  const run: AnalyzeRun = { ...args, model };
  return isFolder ? runBatch(run, io, analyzeOne) : runSingle(run, io, analyzeOne);
}

/** The parsed arguments and the `--model` detector, when given. */
interface AnalyzeRun extends AnalyzeArgs {
  readonly model: ModelDetector | undefined;
}

function parseAnalyzeArgs(argv: string[]): AnalyzeArgs | 'help' {
  const { values, positionals } = parseOptions(ANALYZE_OPTIONS, argv, true);
  if (flagOption(values, 'help')) return 'help';
  const target = positionals[0];
  if (target === undefined) throw new UsageError('give a video file or a folder of videos');
  if (positionals.length > 1) {
    throw new UsageError(`one video or folder at a time (got ${positionals.length} arguments)`);
  }
  const polarity = polarityOption(stringOption(values, 'polarity'));
  const number = (name: string) => numberOption(stringOption(values, name), name);
  const settings = resolveSettings({
    ...optional('umPerPixel', number('um-per-pixel')),
    ...optional('chamberDepthUm', number('depth')),
    ...optional('dilution', number('dilution')),
    fpsOverride: number('fps') ?? null,
    ...(polarity !== 'auto' && { polarity }),
    headFinding: headFindingOption(stringOption(values, 'head-finding')),
  });
  if (stringOption(values, 'model') === '') throw new UsageError('--model needs a model file');
  if (stringOption(values, 'json') === '-' && stringOption(values, 'csv') === '-') {
    throw new UsageError('--json - and --csv - both want stdout: write one of them to a file');
  }
  return { target, settings, polarity, values };
}

function checkBatchOptions(values: OptionValues): void {
  for (const name of ['json', 'overlay', 'detections']) {
    if (values[name] !== undefined) {
      throw new UsageError(`--${name} takes one video; for a folder use --csv`);
    }
  }
}

function polarityOption(value: string | undefined): PolarityMode {
  if (value === undefined || value === 'auto' || value === 'bright' || value === 'dark') {
    return value ?? 'auto';
  }
  throw new UsageError(`--polarity must be auto, bright or dark, got "${value}"`);
}

function headFindingOption(value: string | undefined): HeadFinding {
  if (value === undefined || value === 'blobs' || value === 'peaks') return value ?? 'blobs';
  throw new UsageError(`--head-finding must be blobs or peaks, got "${value}"`);
}

function numberOption(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n) || n <= 0)
    throw new UsageError(`--${name} must be a positive number, got "${value}"`);
  return n;
}

function optional<K extends string>(key: K, value: number | undefined): Partial<Record<K, number>> {
  return value === undefined ? {} : ({ [key]: value } as Partial<Record<K, number>>);
}

async function isDirectory(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isDirectory();
  } catch {
    // A missing file is reported by the analysis, as a video that cannot be read.
    return false;
  }
}

async function runSingle(
  args: AnalyzeRun,
  io: CommandOutput,
  analyzeOne: AnalyzeOne,
): Promise<number> {
  const { values, target, settings } = args;
  const detector = args.model?.report ?? CLASSICAL_DETECTOR;
  const json = stringOption(values, 'json');
  const csv = stringOption(values, 'csv');
  const overlay = stringOption(values, 'overlay');
  const detections = flagOption(values, 'detections');
  let result: AnalysisResult;
  try {
    const bar = createProgressBar('Analysing', 1, io.stderr);
    result = await analyzeOne(
      target,
      settings,
      (done, total) => {
        bar.setTotal(total);
        bar.update(done);
      },
      {
        autoPolarity: args.polarity === 'auto',
        includeDetections: detections || overlay !== undefined,
        ...(args.model !== undefined && { detector: args.model.detector }),
      },
    );
    bar.done();
  } catch (error) {
    if (!(error instanceof VideoReadError)) throw error;
    io.stderr.write(`casa: ${error.message}\n`);
    if (csv !== undefined) {
      await writeCsv(csv, [{ file: target, status: 'failed', error: error.message }], io, detector);
    }
    return 1;
  }
  if (overlay !== undefined) await writeOverlayVideo(target, result, overlay);
  const output = withDetector(
    detections || overlay === undefined ? result : withoutDetections(result),
    detector,
  );
  if (json === '-') io.stdout.write(`${JSON.stringify(output)}\n`);
  else if (json !== undefined) await writeFile(json, JSON.stringify(output, null, 2));
  if (csv !== undefined) {
    await writeCsv(csv, [{ file: target, status: 'ok', result }], io, detector);
  }
  if (json !== '-' && csv !== '-') io.stdout.write(`${summary(result, detector)}\n`);
  return 0;
}

async function runBatch(
  args: AnalyzeRun,
  io: CommandOutput,
  analyzeOne: AnalyzeOne,
): Promise<number> {
  const folder = args.target;
  const csv = stringOption(args.values, 'csv') ?? '-';
  const detector = args.model?.report ?? CLASSICAL_DETECTOR;
  const files = await listVideoFiles(folder, flagOption(args.values, 'recursive'));
  if (files.length === 0) {
    io.stderr.write(
      `casa: no video files (${VIDEO_EXTENSIONS.join(', ')}) in "${folder}"${flagOption(args.values, 'recursive') ? '' : ' (subfolders need --recursive)'}\n`,
    );
    return 1;
  }
  // The CSV grows row by row, so an interrupted batch keeps what it finished.
  const sink = csvSink(csv, io);
  await sink.write(csvHeaderLine());
  const outcomes = await analyzeBatch(
    files,
    args.settings,
    (path, settings, onProgress) =>
      analyzeOne(path, settings, onProgress, {
        autoPolarity: args.polarity === 'auto',
        ...(args.model !== undefined && { detector: args.model.detector }),
      }),
    {
      stderr: io.stderr,
      label: (path) => relative(folder, path),
      onOutcome: (outcome) => sink.write(csvRow(outcome, detector)),
    },
  );
  const failed = outcomes.filter((o) => o.status === 'failed').length;
  io.stderr.write(
    `casa: ${outcomes.length - failed} of ${outcomes.length} videos analysed${failed > 0 ? `, ${failed} failed` : ''}${csv === '-' ? '' : `; wrote ${csv}`}\n`,
  );
  return failed > 0 ? 1 : 0;
}

/** Analyses one video file through ffmpeg with the CLI's options. */
async function analyzeWithFfmpeg(
  path: string,
  settings: CasaSettings,
  onProgress: (done: number, total: number) => void,
  options: Parameters<AnalyzeOne>[3] = {},
): Promise<AnalysisResult> {
  return analyzeVideo(path, settings, { ...options, onProgress });
}

function csvSink(target: string, io: CommandOutput): { write(text: string): Promise<void> } {
  let first = true;
  return {
    async write(text) {
      if (target === '-') io.stdout.write(text);
      else {
        await writeFile(target, text, { flag: first ? 'w' : 'a' });
        first = false;
      }
    },
  };
}

async function writeCsv(
  target: string,
  outcomes: readonly VideoOutcome[],
  io: CommandOutput,
  detector: DetectorReport,
): Promise<void> {
  const sink = csvSink(target, io);
  await sink.write(csvHeaderLine() + outcomes.map((o) => csvRow(o, detector)).join(''));
}

function summary(result: AnalysisResult, detector: DetectorReport): string {
  const c = result.concentration;
  const m = result.motility;
  const pct = (v: number) => `${v.toFixed(1)} %`;
  const range = ([low, high]: readonly [number, number]) => `${low.toFixed(1)}-${high.toFixed(1)}`;
  const ci = m.ci95;
  const d = result.drift;
  return [
    `Video: ${result.video.width}x${result.video.height}, ${result.video.fps.toFixed(2)} fps, ${result.video.frames} frames (${result.video.duration_s.toFixed(1)} s)`,
    detectorLine(detector),
    polarityLine(result),
    `Concentration: ${c.mean_concentration_million_per_ml.toFixed(1)} million/ml (95 % CI ${range(c.ci95)}, ${c.cells_assessed} cells assessed) (${c.overall_classification}), ${c.mean_count_per_frame.toFixed(1)} cells per frame`,
    `Motility (${m.tracks_assessed} tracks assessed): rapid ${pct(m.motility_distribution['Rapid Progressive'])} (${range(ci['Rapid Progressive'])}), slow ${pct(m.motility_distribution['Slow Progressive'])} (${range(ci['Slow Progressive'])}), non-progressive ${pct(m.motility_distribution['Non Progressive'])} (${range(ci['Non Progressive'])}), immotile ${pct(m.motility_distribution.Immotile)} (${range(ci.Immotile)}); 95 % CI in brackets`,
    `Progressive ${pct(m.progressive_percent)} (${m.classification.progressive}), total motility ${pct(m.total_motility_percent)} (${m.classification.total}), mean VCL ${m.average_velocity.toFixed(1)} µm/s`,
    d.tracks_used > 0
      ? `Drift: ${d.speed_um_per_s.toFixed(2)} µm/s (vx ${d.vx_um_per_s.toFixed(2)}, vy ${d.vy_um_per_s.toFixed(2)}), from ${d.tracks_used} non-progressive and immotile tracks, removed before kinematics`
      : 'Drift: not estimated (fewer than 3 non-progressive or immotile tracks), none removed',
    ...[c.warning, m.warning].flatMap((w) => (w === null ? [] : [`Warning: ${w}`])),
  ].join('\n');
}

function polarityLine(result: AnalysisResult): string {
  const { used, auto } = result.polarity;
  const heads = used === 'bright' ? 'bright heads (phase contrast)' : 'dark heads (bright-field)';
  if (auto === null) return `Polarity: ${heads}, as set`;
  const why =
    auto.method === 'head_count'
      ? `${auto.bright_heads_per_frame} bright vs ${auto.dark_heads_per_frame} dark heads per frame`
      : auto.method === 'residual_skewness'
        ? `residual skewness ${auto.residual_skewness}`
        : 'no evidence in the image, default kept';
  return `Polarity: ${heads}, auto (${why})`;
}

/** What `--json` writes: the analysis and, after `engine`, the detector that found the heads. */
export type AnalyzeJson = AnalysisResult & { readonly detector: DetectorReport };

function withDetector(result: AnalysisResult, detector: DetectorReport): AnalyzeJson {
  const { engine, ...rest } = result;
  return { engine, detector, ...rest };
}

function withoutDetections(result: AnalysisResult): AnalysisResult {
  return { ...result, per_frame: result.per_frame.map(({ frame, count }) => ({ frame, count })) };
}
