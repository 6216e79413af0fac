import { Typography } from '@mui/material';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { ViewStore } from './canvas/viewStore';

/** The zoom percentage beside the zoom buttons; the only part of the page a wheel step redraws. */
export function ZoomLevel({ viewStore }: { readonly viewStore: ViewStore }) {
  const { t } = useTranslation();
  const percent = useSyncExternalStore(viewStore.subscribe, () =>
    Math.round(viewStore.get().scale * 100),
  );
  return (
    <Typography variant="caption" sx={{ minWidth: 72, textAlign: 'center' }}>
      {t('technical.annotation.zoomLevel', { percent })}
    </Typography>
  );
}
