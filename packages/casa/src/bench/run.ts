import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { analyzeVideo } from '../node/analyze-video.js';
import { readGrayFrames } from '../node/frames.js';
import { resolveSettings } from '../settings.js';
import { measureAccuracy } from './accuracy.js';
import { peakRssOfAnalysis, writeSimulatedVideo } from './speed.js';

const REAL_VIDEO = new URL(
  '../../../../../shared/data/real/phase-contrast-human-640x480-50fps.mp4',
  import.meta.url,
).pathname;

async function main(): Promise<void> {
  console.log(
    'SARM CASA benchmark (targets: F1 >= 0.97, concentration within 5 %, class shares within 5 pp, identity >= 95 %)\n',
  );
  console.log('accuracy on generated 640x480 @ 50 fps videos, 250 frames each');
  console.log('case                         F1     conc err %  worst class pp  identity %');
  const cases: [string, Parameters<typeof measureAccuracy>[1]][] = [
    ['5 heads, default mix', { sperm: 5, seed: 1 }],
    ['30 heads, default mix', { sperm: 30, seed: 2 }],
    ['80 heads, default mix', { sperm: 80, seed: 3 }],
    ['150 heads, default mix', { sperm: 150, seed: 4 }],
    ['30 heads, mostly rapid', { sperm: 30, seed: 5, mix: [0.7, 0.1, 0.1, 0.1] }],
    ['30 heads, mostly immotile', { sperm: 30, seed: 6, mix: [0.1, 0.1, 0.1, 0.7] }],
  ];
  for (const [label, params] of cases) {
    const f = await measureAccuracy(label, { frames: 250, ...params });
    console.log(
      `${label.padEnd(28)} ${f.f1.toFixed(3)}  ${f.concentrationErrorPercent.toFixed(1).padStart(9)}  ${f.worstClassErrorPp.toFixed(1).padStart(14)}  ${f.identityPercent.toFixed(1).padStart(10)}`,
    );
  }

  const dir = await mkdtemp(join(tmpdir(), 'casa-bench-'));
  try {
    const video = join(dir, 'speed.mp4');
    await writeSimulatedVideo(video, { sperm: 30, frames: 500, seed: 7 });
    let start = performance.now();
    let decoded = 0;
    for await (const _frame of readGrayFrames(video)) decoded++;
    const decodeFps = decoded / ((performance.now() - start) / 1000);
    start = performance.now();
    const result = await analyzeVideo(video, resolveSettings());
    const analysisFps = result.video.frames / ((performance.now() - start) / 1000);
    console.log(
      '\nspeed on 640x480 @ 50 fps, 30 heads, 500 frames (target >= 500 frames/s and >= 0.5 x decode)',
    );
    console.log(`ffmpeg decode to grey only: ${decodeFps.toFixed(0)} frames/s`);
    console.log(
      `full analysis:              ${analysisFps.toFixed(0)} frames/s (${(analysisFps / 50).toFixed(1)}x real time)`,
    );
    console.log(`ratio analysis / decode:    ${(analysisFps / decodeFps).toFixed(2)}`);

    console.log('\nmemory (peak RSS of a process analysing the whole video)');
    for (const seconds of [30, 120]) {
      const path = join(dir, `long-${seconds}.mp4`);
      await writeSimulatedVideo(path, { sperm: 30, frames: seconds * 50, seed: 8 });
      console.log(
        `${String(seconds).padStart(4)} s video: ${(await peakRssOfAnalysis(path)).toFixed(0)} MB`,
      );
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }

  if (existsSync(REAL_VIDEO)) {
    const start = performance.now();
    const real = await analyzeVideo(REAL_VIDEO, resolveSettings());
    const fps = real.video.frames / ((performance.now() - start) / 1000);
    const counts = real.per_frame.map((f) => f.count);
    console.log(
      '\nreal phase-contrast recording (no annotations; visual estimate 30 to 40 heads per frame)',
    );
    console.log(
      `cells per frame: mean ${real.concentration.mean_count_per_frame.toFixed(1)}, min ${Math.min(...counts)}, max ${Math.max(...counts)}; ${real.motility.track_count} tracks; ${fps.toFixed(0)} frames/s`,
    );
  }
}

await main();
