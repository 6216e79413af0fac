import { createSimulation } from '@sarm/casa';
import { createVideoWriter } from '@sarm/casa/node';
import { UploadVideoResponseSchema } from '@sarm/contracts';
import path from 'node:path';
import { uploadFile, waitForTask } from './clinical-helpers.js';
import type { TestServer } from './test-server.js';

/** Writes a small simulated phase-contrast video (160x120, 40 frames at 20 fps, a few heads). */
export async function writeSimulatedVideo(dir: string, name: string, seed: number) {
  const simulation = createSimulation({
    width: 160,
    height: 120,
    frames: 40,
    fps: 20,
    seed,
    sperm: 6,
    debris: 2,
    umPerPixel: 0.5,
  });
  const file = path.join(dir, name);
  const writer = createVideoWriter(file, {
    width: 160,
    height: 120,
    fps: 20,
    pixelFormat: 'gray',
  });
  for (let i = 0; i < 40; i++) await writer.write(simulation.renderFrame(i).data);
  await writer.close();
  return file;
}

/** Uploads simulated videos into a dataset and waits for their preparation; answers ids and files. */
export async function seedSimulatedVideos(
  server: TestServer,
  headers: Record<string, string>,
  datasetId: string,
  count: number,
  firstSeed = 1,
) {
  const videos: { id: string; file: string }[] = [];
  for (let i = 0; i < count; i++) {
    const name = `sim-${datasetId.slice(0, 6)}-${firstSeed + i}.mp4`;
    const file = await writeSimulatedVideo(server.dataDir, name, firstSeed + i);
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
