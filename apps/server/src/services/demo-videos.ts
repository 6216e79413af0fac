import { createSimulation, type SimulationParams } from '@sarm/casa';
import { randomUUID } from 'node:crypto';
import { open } from 'node:fs/promises';
import path from 'node:path';
import { putLocalFile, runFfmpeg, withTempDir } from '../media/ffmpeg.js';
import type { FileStorage } from '../storage/storage.js';
import type { ReceivedFile } from './video-upload.service.js';

/** The demo microscope: 0.5 µm per pixel at 50 frames per second in a 20 µm chamber. */
export const DEMO_CALIBRATION = {
  umPerPixel: 0.5,
  fps: 50,
  chamberDepthUm: 20,
} as const;

/**
 * Five fields of one simulated sample: 640x480, 2.4 s at 50 fps (enough for the motility
 * classes, small enough to make and analyse in well under a minute on two cores). The same mix
 * and density with a different seed per field, as five fields of one real sample differ; 45 heads
 * a field give the report more than the 200 cells WHO asks for.
 */
export function demoFieldParams(field: number): Partial<SimulationParams> {
  return {
    width: 640,
    height: 480,
    fps: DEMO_CALIBRATION.fps,
    frames: 120,
    seed: 3200 + field,
    sperm: 45,
    mix: [0.4, 0.15, 0.1, 0.35],
    umPerPixel: DEMO_CALIBRATION.umPerPixel,
    debris: 25,
  };
}

/** What the simulator says the engine should find in one field. */
export interface DemoFieldTruth {
  readonly concentrationMillionPerMl: number;
  readonly progressivePercent: number;
  readonly totalMotilityPercent: number;
}

/** One simulated field written to storage, as an upload leaves its file, with its truth. */
export interface DemoField {
  readonly file: ReceivedFile;
  readonly truth: DemoFieldTruth;
}

/**
 * Renders a field's frames into a raw grey file and encodes it to H.264 through the server's one
 * ffmpeg module (ffmpeg reads the raw file: the module's runner takes no stdin), then stores it
 * under `uploads/`, where the upload path expects a received file.
 */
export async function writeDemoField(storage: FileStorage, field: number): Promise<DemoField> {
  const simulation = createSimulation(demoFieldParams(field));
  const { width, height, fps, frameCount } = simulation.info;
  const filename = `demo-field-${field + 1}.mp4`;
  const tempKey = `uploads/${randomUUID()}.mp4`;
  const size = await withTempDir(async (dir) => {
    const raw = path.join(dir, 'frames.gray');
    const handle = await open(raw, 'w');
    try {
      for (let i = 0; i < frameCount; i++) await handle.write(simulation.renderFrame(i).data);
    } finally {
      await handle.close();
    }
    const mp4 = path.join(dir, filename);
    await runFfmpeg(
      [
        ...['-f', 'rawvideo', '-pix_fmt', 'gray', '-s', `${width}x${height}`, '-r', String(fps)],
        ...['-i', raw, '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '18'],
        ...['-pix_fmt', 'yuv420p', '-movflags', '+faststart', mp4],
      ],
      { outputs: [mp4] },
    );
    return (await putLocalFile(storage, tempKey, mp4)).size;
  });
  const expected = simulation.truth.expected;
  return {
    file: { tempKey, filename, extension: '.mp4', size },
    truth: {
      concentrationMillionPerMl: expected.concentration_million_per_ml,
      progressivePercent: expected.progressive_percent,
      totalMotilityPercent: expected.total_motility_percent,
    },
  };
}

/** The mean of the fields' truths: what the sample's report should come close to. */
export function meanTruth(truths: readonly DemoFieldTruth[]): DemoFieldTruth {
  const mean = (pick: (truth: DemoFieldTruth) => number) =>
    truths.reduce((sum, truth) => sum + pick(truth), 0) / Math.max(1, truths.length);
  return {
    concentrationMillionPerMl: mean((truth) => truth.concentrationMillionPerMl),
    progressivePercent: mean((truth) => truth.progressivePercent),
    totalMotilityPercent: mean((truth) => truth.totalMotilityPercent),
  };
}
