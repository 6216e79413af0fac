import { resolveSettings, type CasaSettings } from '@sarm/casa';
import type { DatasetSettings } from '@sarm/contracts';

/**
 * The engine settings a dataset's settings give (scale, chamber, dilution, polarity, head finding),
 * and whether the polarity is to be decided from the video (`head_polarity: auto`; the engine then
 * falls back to bright heads).
 */
export function casaSettingsOf(s: Partial<DatasetSettings>): {
  settings: CasaSettings;
  autoPolarity: boolean;
} {
  return {
    settings: resolveSettings({
      ...(s.um_per_pixel !== undefined && { umPerPixel: s.um_per_pixel }),
      ...(s.chamber_depth_um !== undefined && { chamberDepthUm: s.chamber_depth_um }),
      ...(s.dilution_factor !== undefined && { dilution: s.dilution_factor }),
      polarity: s.head_polarity === 'dark' ? 'dark' : 'bright',
      headFinding: s.head_finding ?? 'blobs',
    }),
    autoPolarity: s.head_polarity === 'auto',
  };
}
