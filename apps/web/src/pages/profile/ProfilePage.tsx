import { Box, Grid, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../auth/authContext';
import { ChangePasswordCard } from './ChangePasswordCard';
import { ProfileAccessCard, SystemRolesCard } from './ProfileAccessCards';
import { ProfileDetailsCard } from './ProfileDetailsCard';
import { ProfileInformationCard } from './ProfileInformationCard';
import { ProfileSummaryCard } from './ProfileSummaryCard';

/** My Profile (spec 3 §2): identity, profile form, password change, roles and project access. */
export function ProfilePage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  if (user === null) return null;
  return (
    <Box>
      <Typography variant="h4" component="h1" sx={{ mb: 3 }}>
        {t('profile.title')}
      </Typography>
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 4 }}>
          <ProfileSummaryCard user={user} />
        </Grid>
        <Grid size={{ xs: 12, md: 8 }}>
          {/* Keyed by the saved name so the field follows a change made elsewhere. */}
          <ProfileInformationCard key={user.displayName} user={user} />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <ChangePasswordCard email={user.email} />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <ProfileDetailsCard user={user} />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <SystemRolesCard roles={user.roles} />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <ProfileAccessCard projects={user.projects} />
        </Grid>
      </Grid>
    </Box>
  );
}
