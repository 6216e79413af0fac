import { createSimulation } from '@sarm/casa';
import { Readable } from 'node:stream';
import { renderVisualization } from '../media/detection-images.js';
import { projectWithMember } from './clinical-helpers.js';
import type { TestServer } from './test-server.js';

/**
 * Seeds a project (with the user as member), dataset, video row and `count` stored JPEG frames
 * rendered from a simulated phase-contrast video (320x240, about 20 heads per frame).
 */
export async function seedSimulatedFrames(server: TestServer, userId: string, count = 1) {
  const { repositories, storage } = server.context;
  const project = await projectWithMember(server, userId, 'Detection clinic');
  const dataset = await repositories.datasets.insert({ projectId: project.id, name: 'Detection' });
  const [width, height] = [320, 240];
  const video = await repositories.videos.insert({
    datasetId: dataset.id,
    name: 'Simulated sample',
    fileName: 'simulated.mp4',
    originalFilename: 'simulated.mp4',
    originalKey: 'videos/simulated/original.mp4',
    width,
    height,
    fps: 25,
    processingStatus: 'completed',
  });
  const simulation = createSimulation({ width, height, frames: count, sperm: 20, seed: 7 });
  const values = [];
  for (let index = 0; index < count; index++) {
    const jpeg = await renderVisualization(simulation.renderFrame(index).data, width, height, []);
    const storageKey = `videos/${video.id}/frames/seed/frame_${index}.jpg`;
    await storage.put(storageKey, Readable.from([jpeg]));
    values.push({
      videoId: video.id,
      frameNumber: index,
      timeOffset: index / 25,
      width,
      height,
      storageKey,
      size: jpeg.length,
      extractionSession: 'seed',
    });
  }
  await repositories.videos.insertFrames(values);
  const frames = await repositories.videos.allFrames(video.id);
  frames.sort((a, b) => a.frameNumber - b.frameNumber);
  return { project, dataset, video, frames, truth: simulation.truth };
}
