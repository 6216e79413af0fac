/** Training samples from the CASA video simulator: frames and head boxes from its ground truth. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Simulation, SimulationParams } from '@sarm/casa';
import { createSimulation } from '@sarm/casa';
import { readGrayFrames, writeSimulationVideo } from '@sarm/casa/node';
import type { DetectionSample, PixelBox } from '../types.js';

/**
 * Every `step`-th frame of a simulated video with a box per visible head. Truth centres put pixel
 * centres at integers, boxes at pixel edges, hence the 0.5 shift; the box is the head ellipse's
 * bounding box at the direction the head had when first seen (good enough for centre matching).
 */
export function simulatedSamples(params: Partial<SimulationParams>, step = 10): DetectionSample[] {
  const sim = createSimulation(params);
  const boxes = truthBoxes(sim, step);
  const samples: DetectionSample[] = [];
  for (let i = 0; i < sim.info.frameCount; i += step) {
    const frame = sim.renderFrame(i);
    samples.push({
      frame: { width: frame.width, height: frame.height, data: frame.data },
      boxes: boxes.get(i) ?? [],
    });
  }
  return samples;
}

/**
 * The same samples after the recording pipeline a clinic's video goes through: the whole video
 * encoded as H.264 at `crf` and decoded again, so the frames carry its smoothing and block
 * artefacts (the classical detector's thresholds hold on both; a network learns what it sees).
 */
export async function encodedSamples(
  params: Partial<SimulationParams>,
  step: number,
  crf: number,
): Promise<DetectionSample[]> {
  const sim = createSimulation(params);
  const boxes = truthBoxes(sim, step);
  const dir = await mkdtemp(join(tmpdir(), 'ml-encoded-samples-'));
  try {
    const path = join(dir, 'video.mp4');
    const { width, height } = sim.info;
    await writeSimulationVideo(path, sim, { crf });
    const samples: DetectionSample[] = [];
    for await (const frame of readGrayFrames(path)) {
      if (frame.index % step !== 0) continue;
      samples.push({
        frame: { width, height, data: frame.data },
        boxes: boxes.get(frame.index) ?? [],
      });
    }
    return samples;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The head boxes of every `step`-th frame (see simulatedSamples), by frame index. */
export function truthBoxes(sim: Simulation, step: number): Map<number, PixelBox[]> {
  const upp = sim.truth.um_per_pixel;
  const byFrame = new Map<number, PixelBox[]>();
  for (const track of sim.truth.tracks) {
    const a = track.head.length_um / upp / 2;
    const b = track.head.width_um / upp / 2;
    const cos = Math.cos(track.head.angle_rad);
    const sin = Math.sin(track.head.angle_rad);
    const halfW = Math.sqrt((a * cos) ** 2 + (b * sin) ** 2);
    const halfH = Math.sqrt((a * sin) ** 2 + (b * cos) ** 2);
    for (const [frame, x, y] of track.points) {
      if (frame % step !== 0) continue;
      const boxes = byFrame.get(frame) ?? [];
      boxes.push({
        x1: x + 0.5 - halfW,
        y1: y + 0.5 - halfH,
        x2: x + 0.5 + halfW,
        y2: y + 0.5 + halfH,
      });
      byFrame.set(frame, boxes);
    }
  }
  return byFrame;
}
