import { createSimulation } from '@sarm/casa';
import { createVideoWriter } from '@sarm/casa/node';

export interface SimulatedRecording {
  readonly width: number;
  readonly height: number;
  readonly frames: number;
  readonly sperm: number;
  readonly seed: number;
  readonly umPerPixel: number;
}

/** Writes a simulated phase-contrast recording (grey H.264) to `file` and answers the path. */
export async function writeSimulatedVideo(
  file: string,
  recording: SimulatedRecording,
): Promise<string> {
  const { width, height, frames } = recording;
  const simulation = createSimulation(recording);
  const writer = createVideoWriter(file, {
    width,
    height,
    fps: simulation.info.fps,
    pixelFormat: 'gray',
  });
  for (let frame = 0; frame < frames; frame += 1)
    await writer.write(simulation.renderFrame(frame).data);
  await writer.close();
  return file;
}

/** The JSON of a response that has the expected status; anything else throws with the body. */
export async function okJson(response: Response, status = 200): Promise<unknown> {
  if (response.status !== status)
    throw new Error(`${response.url}: ${response.status} ${await response.text()}`);
  return response.json() as Promise<unknown>;
}
