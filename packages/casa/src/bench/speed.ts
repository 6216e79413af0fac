import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createVideoWriter } from '../node/writer.js';
import type { SimulationParams } from '../simulate/simulation.js';
import { createSimulation } from '../simulate/simulation.js';

/** Renders a simulation into an H.264 mp4. */
export async function writeSimulatedVideo(
  path: string,
  params: Partial<SimulationParams>,
): Promise<void> {
  const sim = createSimulation(params);
  const writer = createVideoWriter(path, {
    width: sim.info.width,
    height: sim.info.height,
    fps: sim.info.fps,
    pixelFormat: 'gray',
  });
  for (let i = 0; i < sim.info.frameCount; i++) await writer.write(sim.renderFrame(i).data);
  await writer.close();
}

/** Peak RSS (MB) of a fresh Node process that analyses the video, so runs do not share a heap. */
export function peakRssOfAnalysis(video: string): Promise<number> {
  const script = fileURLToPath(new URL('./rss-child.js', import.meta.url));
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [script, video], (error: Error | null, stdout: string) => {
      if (error) reject(error);
      else resolve(Number(stdout.trim()) / 1024);
    });
  });
}
