import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import type { AnalysisResult } from '../analyze/result.js';
import { analyzeVideo } from '../node/analyze-video.js';
import { writeOverlayVideo } from './overlay.js';
import { VideoReadError } from '../node/video-read-error.js';
import type { CasaSettings } from '../settings.js';
import { InvalidSettingsError, resolveSettings } from '../settings.js';
import { createProgressBar } from './progress.js';

export const ANALYZE_USAGE = `Usage: casa analyze <video> [--um-per-pixel N] [--depth UM] [--dilution N] [--fps N]
                    [--json FILE|-] [--detections] [--overlay OUT.mp4]`;

function numberOption(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0)
    throw new InvalidSettingsError(`--${name} must be a positive number`);
  return n;
}

function summary(result: AnalysisResult): string {
  const c = result.concentration;
  const m = result.motility;
  const pct = (v: number) => `${v.toFixed(1)} %`;
  return [
    `Video: ${result.video.width}x${result.video.height}, ${result.video.fps.toFixed(2)} fps, ${result.video.frames} frames (${result.video.duration_s.toFixed(1)} s)`,
    `Concentration: ${c.mean_concentration_million_per_ml.toFixed(1)} million/ml (${c.overall_classification}), ${c.mean_count_per_frame.toFixed(1)} cells per frame`,
    `Motility (${m.track_count} tracks): rapid ${pct(m.motility_distribution['Rapid Progressive'])}, slow ${pct(m.motility_distribution['Slow Progressive'])}, non-progressive ${pct(m.motility_distribution['Non Progressive'])}, immotile ${pct(m.motility_distribution.Immotile)}`,
    `Progressive ${pct(m.progressive_percent)} (${m.classification.progressive}), total motility ${pct(m.total_motility_percent)} (${m.classification.total}), mean VCL ${m.average_velocity.toFixed(1)} µm/s`,
  ].join('\n');
}

/** Where the command writes; tests pass their own sinks. */
export interface CommandOutput {
  readonly stdout: { write(text: string): unknown };
  readonly stderr: { write(text: string): unknown; isTTY?: boolean };
}

/** `casa analyze`: returns the process exit code. */
export async function runAnalyzeCommand(
  argv: string[],
  io: CommandOutput = { stdout: process.stdout, stderr: process.stderr },
): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        'um-per-pixel': { type: 'string' },
        depth: { type: 'string' },
        dilution: { type: 'string' },
        fps: { type: 'string' },
        json: { type: 'string' },
        detections: { type: 'boolean' },
        overlay: { type: 'string' },
      },
    });
  } catch (error) {
    io.stderr.write(
      `${error instanceof Error ? error.message : String(error)}\n${ANALYZE_USAGE}\n`,
    );
    return 2;
  }
  const { values, positionals } = parsed;
  const video = positionals[0];
  if (video === undefined || positionals.length > 1) {
    io.stderr.write(`${ANALYZE_USAGE}\n`);
    return 2;
  }
  let settings: CasaSettings;
  try {
    settings = resolveSettings({
      ...optional('umPerPixel', numberOption(values['um-per-pixel'], 'um-per-pixel')),
      ...optional('chamberDepthUm', numberOption(values.depth, 'depth')),
      ...optional('dilution', numberOption(values.dilution, 'dilution')),
      fpsOverride: numberOption(values.fps, 'fps') ?? null,
    });
  } catch (error) {
    io.stderr.write(`casa: ${error instanceof Error ? error.message : String(error)}\n`);
    return 2;
  }
  try {
    const bar = createProgressBar('Analysing', 1, io.stderr);
    const result = await analyzeVideo(video, settings, {
      includeDetections: values.detections === true || values.overlay !== undefined,
      onProgress: (done, total) => {
        bar.setTotal(total);
        bar.update(done);
      },
    });
    bar.done();
    if (values.overlay !== undefined) await writeOverlayVideo(video, result, values.overlay);
    const output =
      values.detections || values.overlay === undefined ? result : withoutDetections(result);
    if (values.json === '-') io.stdout.write(`${JSON.stringify(output)}\n`);
    else {
      if (values.json !== undefined) await writeFile(values.json, JSON.stringify(output, null, 2));
      io.stdout.write(`${summary(result)}\n`);
    }
    return 0;
  } catch (error) {
    if (error instanceof VideoReadError) {
      io.stderr.write(`casa: ${error.message}\n`);
      return 1;
    }
    throw error;
  }
}

function optional<K extends string>(key: K, value: number | undefined): Partial<Record<K, number>> {
  return value === undefined ? {} : ({ [key]: value } as Partial<Record<K, number>>);
}

function withoutDetections(result: AnalysisResult): AnalysisResult {
  return { ...result, per_frame: result.per_frame.map(({ frame, count }) => ({ frame, count })) };
}
