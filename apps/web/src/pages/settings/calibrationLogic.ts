import {
  CalibrationProfileInputSchema,
  umPerPixelFromTicks,
  type CalibrationProfile,
  type CalibrationProfileInput,
} from '@sarm/contracts';

/** The profile form as typed. */
export interface CalibrationForm {
  readonly name: string;
  readonly objective: string;
  readonly umPerPixel: string;
  readonly frameRateFps: string;
  readonly chamberName: string;
  readonly chamberDepthUm: string;
}
export type CalibrationFormField = keyof CalibrationForm;

export function calibrationForm(profile: CalibrationProfile | null): CalibrationForm {
  return {
    name: profile?.name ?? '',
    objective: profile?.objective ?? '',
    umPerPixel: profile === null ? '' : String(profile.um_per_pixel),
    frameRateFps:
      profile === null || profile.frame_rate_fps === null ? '' : String(profile.frame_rate_fps),
    chamberName: profile?.chamber_name ?? '',
    chamberDepthUm: profile === null ? '20' : String(profile.chamber_depth_um),
  };
}

const numberOf = (value: string): number | null => {
  const trimmed = value.trim().replace(',', '.');
  return trimmed === '' ? null : Number(trimmed);
};

const FIELD_OF: Record<string, CalibrationFormField> = {
  name: 'name',
  objective: 'objective',
  um_per_pixel: 'umPerPixel',
  frame_rate_fps: 'frameRateFps',
  chamber_name: 'chamberName',
  chamber_depth_um: 'chamberDepthUm',
};

export type CalibrationFormResult =
  | { readonly ok: true; readonly input: CalibrationProfileInput }
  | { readonly ok: false; readonly errors: Partial<Record<CalibrationFormField, string>> };

/** The request body, checked by the contract the server applies; errors keyed by form field. */
export function calibrationInput(form: CalibrationForm): CalibrationFormResult {
  const parsed = CalibrationProfileInputSchema.safeParse({
    name: form.name,
    objective: form.objective,
    um_per_pixel: numberOf(form.umPerPixel),
    frame_rate_fps: numberOf(form.frameRateFps),
    chamber_name: form.chamberName,
    chamber_depth_um: numberOf(form.chamberDepthUm) ?? undefined,
  });
  if (parsed.success) return { ok: true, input: parsed.data };
  const errors: Partial<Record<CalibrationFormField, string>> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path[0];
    const field = typeof key === 'string' ? FIELD_OF[key] : undefined;
    if (field !== undefined) errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}

export interface Point {
  readonly x: number;
  readonly y: number;
}

/** A click on an image shown at `shown` size, in the image's own pixels (`natural` size). */
export function imagePixel(
  click: Point,
  shown: { readonly width: number; readonly height: number },
  natural: { readonly width: number; readonly height: number },
): Point {
  return {
    x: (click.x * natural.width) / Math.max(1, shown.width),
    y: (click.y * natural.height) / Math.max(1, shown.height),
  };
}

/** The ticks marked so far: a third click starts a new pair. */
export const markTick = (ticks: readonly Point[], point: Point): Point[] =>
  ticks.length >= 2 ? [point] : [...ticks, point];

/** µm per pixel (4 significant digits) from two ticks and their distance; null until possible. */
export function measuredScale(ticks: readonly Point[], distanceUm: string): number | null {
  const [first, second] = ticks;
  const distance = numberOf(distanceUm);
  if (first === undefined || second === undefined || distance === null) return null;
  const scale = umPerPixelFromTicks(first, second, distance);
  return scale === null ? null : Number(scale.toPrecision(4));
}
