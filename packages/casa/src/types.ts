/**
 * Shared types of the CASA engine. Units are branded so pixels, micrometres, frames and seconds
 * cannot be mixed up silently.
 */
import type { WhoMotilityCategory } from '@sarm/contracts';

export type Pixels = number & { readonly __unit: 'px' };
export type Micrometres = number & { readonly __unit: 'um' };
export type FrameIndex = number & { readonly __unit: 'frame' };
export type Seconds = number & { readonly __unit: 's' };

export const px = (v: number): Pixels => v as Pixels;
export const um = (v: number): Micrometres => v as Micrometres;
export const frameIndex = (v: number): FrameIndex => v as FrameIndex;
export const seconds = (v: number): Seconds => v as Seconds;

/** One 8-bit grey frame, row-major, width * height bytes. */
export interface GrayFrame {
  readonly index: FrameIndex;
  readonly width: number;
  readonly height: number;
  readonly data: Uint8Array;
  /**
   * When present, `data` holds the video's coded luma as stored, and `levels[byte]` is its grey
   * value (non-decreasing in the byte): the grey frame is `levels[data[i]]`. Only a reader asked
   * for raw luma gives it (`readGrayFrames`' `rawLuma`), for a consumer that reads grey values
   * through it (the classical detector), which then skips converting every pixel.
   */
  readonly levels?: Uint8Array;
  /**
   * Presentation time of the frame, s (from the container, or the browser's recording clock).
   * When frames carry it, the analysis measures velocities over the real time between frames, so
   * uneven or dropped frames do not bias them; without it frames are taken as index / fps.
   */
  readonly time?: Seconds;
}

/** What a probe of a video file tells. */
export interface VideoInfo {
  readonly width: number;
  readonly height: number;
  /** True frame rate read from the container. */
  readonly fps: number;
  readonly frameCount: number;
  readonly durationS: number;
  readonly codec: string;
  readonly container: string;
  /**
   * Frames per repeating pattern of coded picture types (4 for "P B B B"), when the file has one
   * (`probeVideoStream` with `codingPattern`): a still head's position error repeats at fps / period.
   */
  readonly codingPeriodFrames?: number;
}

export type { WhoMotilityCategory };
