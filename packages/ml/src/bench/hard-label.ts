/**
 * The benchmark's real-size data label: generated hard videos at full size (640x480), every frame
 * annotated with the simulator's true heads. Its frames are a {@link DetectionSampleSource} that
 * renders a frame when it is loaded, as the server decodes a stored frame: the label is never
 * held in memory, only its boxes.
 */
import type { SimulationParams } from '@sarm/casa';
import { createSimulation, HARD_SAMPLE_PARAMS } from '@sarm/casa';
import type { DetectionSampleSource, PixelBox } from '../types.js';
import { HELD_OUT_SEEDS, TUNING_SEEDS } from './cases.js';
import { truthBoxes } from './simulated.js';

/** One video of the label: its heads and seed (hard imaging, 640x480 at 0.5 µm per pixel). */
export interface HardVideo {
  readonly sperm: number;
  readonly seed: number;
}

/** The hard label: two hard videos of 50 and 80 heads, 100 frames each (tuning seeds). */
export const HARD_LABEL_VIDEOS: readonly HardVideo[] = [
  { sperm: 50, seed: TUNING_SEEDS[0] },
  { sperm: 80, seed: TUNING_SEEDS[1] },
];

/** Videos of the same imaging at seeds never trained on, for the held-out F1. */
export const HARD_HELD_OUT_VIDEOS: readonly HardVideo[] = [
  { sperm: 50, seed: HELD_OUT_SEEDS[0] },
  { sperm: 80, seed: HELD_OUT_SEEDS[1] },
];

/** The simulator parameters of a hard video of `frames` frames. */
export function hardVideoParams(video: HardVideo, frames: number): Partial<SimulationParams> {
  return { ...HARD_SAMPLE_PARAMS, sperm: video.sperm, seed: video.seed, frames };
}

/**
 * A label of `framesPerVideo` annotated frames of each video, frame after frame: sample i renders
 * its frame when loaded (a fresh buffer each time) and carries the true head boxes.
 */
export function hardLabelSource(
  videos: readonly HardVideo[],
  framesPerVideo: number,
): DetectionSampleSource {
  const parts = videos.map((video) => {
    const sim = createSimulation(hardVideoParams(video, framesPerVideo));
    return { sim, boxes: truthBoxes(sim, 1) };
  });
  const count = parts.length * framesPerVideo;
  return {
    count,
    load(index) {
      const part = parts[Math.floor(index / framesPerVideo)];
      if (part === undefined || index < 0) {
        return Promise.reject(new RangeError(`No frame ${index} of ${count}`));
      }
      const frameIndex = index % framesPerVideo;
      const frame = part.sim.renderFrame(frameIndex);
      const boxes: readonly PixelBox[] = part.boxes.get(frameIndex) ?? [];
      return Promise.resolve({
        frame: { width: frame.width, height: frame.height, data: frame.data },
        boxes,
      });
    },
  };
}
