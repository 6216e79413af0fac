import type { Simulation } from '../simulate/simulation.js';
import { createVideoWriter } from './writer.js';

/**
 * Writes a simulation's frames as a grey H.264 video at `crf` (the writer's default when absent),
 * calling `onFrame` with the number of frames written so far.
 */
export async function writeSimulationVideo(
  path: string,
  simulation: Simulation,
  options: { readonly crf?: number | undefined; readonly onFrame?: (written: number) => void } = {},
): Promise<void> {
  const { width, height, fps, frameCount } = simulation.info;
  const writer = createVideoWriter(path, {
    width,
    height,
    fps,
    pixelFormat: 'gray',
    ...(options.crf === undefined ? {} : { crf: options.crf }),
  });
  for (let i = 0; i < frameCount; i++) {
    await writer.write(simulation.renderFrame(i).data);
    options.onFrame?.(i + 1);
  }
  await writer.close();
}
