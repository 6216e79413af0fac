/** Training samples from the CASA video simulator: frames and head boxes from its ground truth. */
import type { SimulationParams } from '@sarm/casa';
import { createSimulation } from '@sarm/casa';
import type { DetectionSample, PixelBox } from '../types.js';

/**
 * Every `step`-th frame of a simulated video with a box per visible head. Truth centres put pixel
 * centres at integers, boxes at pixel edges, hence the 0.5 shift; the box is the head ellipse's
 * bounding box at the direction the head had when first seen (good enough for centre matching).
 */
export function simulatedSamples(params: Partial<SimulationParams>, step = 10): DetectionSample[] {
  const sim = createSimulation(params);
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
  const samples: DetectionSample[] = [];
  for (let i = 0; i < sim.info.frameCount; i += step) {
    const frame = sim.renderFrame(i);
    samples.push({
      frame: { width: frame.width, height: frame.height, data: frame.data },
      boxes: byFrame.get(i) ?? [],
    });
  }
  return samples;
}
