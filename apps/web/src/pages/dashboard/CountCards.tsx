import { Card, CardContent, Grid, Skeleton, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { cappedCount } from './businessDashboardLogic';

export type CountLabelKey =
  | 'dashboard.patients'
  | 'dashboard.videos'
  | 'dashboard.analyses'
  | 'dashboard.pending'
  | 'dashboard.datasets'
  | 'dashboard.frames'
  | 'dashboard.annotated'
  | 'dashboard.models'
  | 'dashboard.predictions';

export interface CountItem {
  readonly labelKey: CountLabelKey;
  /** Undefined while loading. */
  readonly value: number | undefined;
}

/** A row of count cards; values above 999 show as 999+. */
export function CountCards({ items }: { readonly items: readonly CountItem[] }) {
  const { t } = useTranslation();
  return (
    <Grid container spacing={2}>
      {items.map((item) => (
        <Grid key={item.labelKey} size={{ xs: 6, md: 'grow' }}>
          <Card data-testid={`count-${item.labelKey.split('.')[1] ?? ''}`}>
            <CardContent>
              <Typography color="textSecondary">{t(item.labelKey)}</Typography>
              <Typography variant="h4" component="p">
                {item.value === undefined ? <Skeleton width={48} /> : cappedCount(item.value)}
              </Typography>
            </CardContent>
          </Card>
        </Grid>
      ))}
    </Grid>
  );
}
