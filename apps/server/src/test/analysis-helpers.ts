import { createSimulation, type SimulationParams } from '@sarm/casa';
import { createVideoWriter } from '@sarm/casa/node';
import { UploadVideoResponseSchema } from '@sarm/contracts';
import path from 'node:path';
import { uploadFile, waitForTask } from './clinical-helpers.js';
import type { TestServer } from './test-server.js';

/** The size and content of a simulated recording. */
export interface SimulatedShape {
  readonly width: number;
  readonly height: number;
  readonly frames: number;
  readonly fps: number;
  readonly sperm: number;
  readonly debris: number;
  /** The optics' scale; 0.5 µm per pixel when absent. */
  readonly umPerPixel?: number;
  /** More of the generator's settings (noise, blur, debris, drift...); its defaults when absent. */
  readonly imaging?: Partial<SimulationParams>;
}

function simulationOf(seed: number, { imaging, ...shape }: SimulatedShape) {
  return createSimulation({ umPerPixel: 0.5, ...imaging, ...shape, seed });
}

/** Small by default: 160x120, 40 frames at 20 fps, a few heads. */
const SMALL: SimulatedShape = { width: 160, height: 120, frames: 40, fps: 20, sperm: 6, debris: 2 };

/** Writes a simulated phase-contrast video (grey H.264) into `dir` and answers its path. */
export async function writeSimulatedVideo(
  dir: string,
  name: string,
  seed: number,
  shape: SimulatedShape = SMALL,
) {
  const simulation = simulationOf(seed, shape);
  const file = path.join(dir, name);
  const writer = createVideoWriter(file, {
    width: shape.width,
    height: shape.height,
    fps: shape.fps,
    pixelFormat: 'gray',
  });
  for (let i = 0; i < shape.frames; i++) await writer.write(simulation.renderFrame(i).data);
  await writer.close();
  return file;
}

/**
 * The generator's truth of the video {@link writeSimulatedVideo} writes for the same seed and
 * shape (the simulation is the same for the same parameters).
 */
export function simulatedTruth(seed: number, shape: SimulatedShape = SMALL) {
  return simulationOf(seed, shape).truth;
}

/** Uploads simulated videos into a dataset and waits for their preparation; answers ids and files. */
export async function seedSimulatedVideos(
  server: TestServer,
  headers: Record<string, string>,
  datasetId: string,
  count: number,
  firstSeed = 1,
  shape: SimulatedShape = SMALL,
) {
  const videos: { id: string; file: string }[] = [];
  for (let i = 0; i < count; i++) {
    const name = `sim-${datasetId.slice(0, 6)}-${firstSeed + i}.mp4`;
    const file = await writeSimulatedVideo(server.dataDir, name, firstSeed + i, shape);
    const upload = await uploadFile(
      server,
      headers,
      { dataset_id: datasetId },
      { name, path: file },
    );
    const { video, task_id } = UploadVideoResponseSchema.parse(upload.json());
    await waitForTask(server, task_id, headers);
    videos.push({ id: video.id, file });
  }
  return videos;
}
