import { z } from 'zod';
import { TimestampSchema } from './common.js';
import { NAME_MAX, SAMPLE_LIMITS, SHORT_TEXT_MAX, singleLineText } from './limits.js';

export const CALIBRATION_PROFILE_NOT_FOUND = 'Calibration profile not found';
export const CALIBRATION_PROFILE_NAME_TAKEN = 'A calibration profile with this name already exists';
/** The highest frame rate a profile may state (high-speed CASA cameras reach a few hundred). */
export const CALIBRATION_FRAME_RATE_MAX = 1000;

/**
 * A microscope set-up as the laboratory calibrated it (issue 15): the objective, its scale from a
 * stage micrometer, the camera's frame rate and the chamber normally used with it. A sample picks
 * one; its scale and chamber become the sample's settings.
 */
export const CalibrationProfileSchema = z.object({
  id: z.string(),
  name: z.string(),
  objective: z.string(),
  um_per_pixel: z.number(),
  frame_rate_fps: z.number().nullable(),
  chamber_name: z.string(),
  chamber_depth_um: z.number(),
  createdAt: TimestampSchema,
  updatedAt: TimestampSchema,
});
export type CalibrationProfile = z.infer<typeof CalibrationProfileSchema>;

/** Body of POST and PUT /sarm/calibration-profiles. */
export const CalibrationProfileInputSchema = z.object({
  name: singleLineText('Name', NAME_MAX, { required: 'Profile name is required' }),
  objective: singleLineText('Objective', SHORT_TEXT_MAX).default(''),
  um_per_pixel: z
    .number({ error: 'µm per pixel must be a number' })
    .positive('µm per pixel must be more than 0')
    .max(
      SAMPLE_LIMITS.umPerPixelMax,
      `µm per pixel must be at most ${SAMPLE_LIMITS.umPerPixelMax}`,
    ),
  frame_rate_fps: z
    .number({ error: 'Frame rate must be a number' })
    .positive('Frame rate must be more than 0')
    .max(CALIBRATION_FRAME_RATE_MAX, `Frame rate must be at most ${CALIBRATION_FRAME_RATE_MAX}`)
    .nullable()
    .default(null),
  chamber_name: singleLineText('Chamber', NAME_MAX).default(''),
  chamber_depth_um: z
    .number({ error: 'Chamber depth must be a number' })
    .positive('Chamber depth must be more than 0')
    .max(
      SAMPLE_LIMITS.chamberDepthUmMax,
      `Chamber depth must be at most ${SAMPLE_LIMITS.chamberDepthUmMax} µm`,
    )
    .default(20),
});
export type CalibrationProfileInput = z.infer<typeof CalibrationProfileInputSchema>;

export const CalibrationProfileListResponseSchema = z.object({
  profiles: z.array(CalibrationProfileSchema),
  total: z.number().int(),
});

/**
 * µm per pixel from two ticks of a stage micrometer marked on its image: the known distance
 * between them over their distance in pixels. Null when the ticks coincide or the distance is not
 * positive.
 */
export function umPerPixelFromTicks(
  first: { readonly x: number; readonly y: number },
  second: { readonly x: number; readonly y: number },
  distanceUm: number,
): number | null {
  const pixels = Math.hypot(second.x - first.x, second.y - first.y);
  if (!(pixels > 0) || !(distanceUm > 0) || !Number.isFinite(distanceUm)) return null;
  return distanceUm / pixels;
}
