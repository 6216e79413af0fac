import { DatasetSettingsSchema, DEFAULT_DATASET_SETTINGS } from '@sarm/contracts';
import { describe, expect, it } from 'vitest';
import { casaSettingsOf } from './casa-settings.js';

describe('casaSettingsOf', () => {
  it('keeps the engine defaults for a dataset that sets no optics', () => {
    const { settings, autoPolarity } = casaSettingsOf(DEFAULT_DATASET_SETTINGS);
    expect(settings).toMatchObject({ umPerPixel: 0.5, polarity: 'bright', headFinding: 'blobs' });
    expect(autoPolarity).toBe(false);
  });

  it("passes the dataset's scale, chamber, polarity and head finding to the engine", () => {
    const dark = casaSettingsOf({
      um_per_pixel: 1.2,
      chamber_depth_um: 10,
      dilution_factor: 2,
      head_polarity: 'dark',
      head_finding: 'peaks',
    });
    expect(dark.settings).toMatchObject({
      umPerPixel: 1.2,
      chamberDepthUm: 10,
      dilution: 2,
      polarity: 'dark',
      headFinding: 'peaks',
    });
    const auto = casaSettingsOf({ head_polarity: 'auto' });
    expect(auto).toMatchObject({ autoPolarity: true, settings: { polarity: 'bright' } });
  });

  it('refuses unknown optics with a message that names the setting', () => {
    const parsed = DatasetSettingsSchema.safeParse({
      ...DEFAULT_DATASET_SETTINGS,
      head_polarity: 'grey',
      head_finding: 'dots',
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.message).sort()).toEqual([
      'Head finding must be blobs or peaks',
      'Head polarity must be auto, bright or dark',
    ]);
  });
});
