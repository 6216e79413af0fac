import { Breadcrumbs, Link, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';

export interface Crumb {
  readonly label: string;
  readonly to?: string;
}

/** Projects > Datasets > Videos > Frames, the last one not a link. */
export function ClinicalBreadcrumbs({ crumbs }: { readonly crumbs: readonly Crumb[] }) {
  const { t } = useTranslation();
  return (
    <Breadcrumbs aria-label={t('common.breadcrumb')} sx={{ mb: 2 }}>
      {crumbs.map((crumb) =>
        crumb.to === undefined ? (
          <Typography key={crumb.label} color="textPrimary">
            {crumb.label}
          </Typography>
        ) : (
          <Link key={crumb.label} component={RouterLink} to={crumb.to} underline="hover">
            {crumb.label}
          </Link>
        ),
      )}
    </Breadcrumbs>
  );
}

/** Counts display up to 999 (spec 1 §9). */
export const capped = (value: number) => (value > 999 ? '999+' : String(value));

/** Seconds as m:ss. */
export function minutesSeconds(seconds: number): string {
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}
