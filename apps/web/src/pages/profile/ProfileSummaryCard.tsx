import { Avatar, Box, Button, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '@sarm/contracts';
import { avatarInitial } from './profileForms';

/** Avatar initial, display name, e-mail and the account state. */
export function ProfileSummaryCard({ user }: { readonly user: CurrentUser }) {
  const { t } = useTranslation();
  return (
    <Card sx={{ height: '100%' }}>
      <CardContent>
        <Stack spacing={1.5} sx={{ alignItems: 'center', textAlign: 'center', py: 1 }}>
          <Avatar
            data-testid="profile-avatar"
            sx={{ width: 80, height: 80, fontSize: 34, bgcolor: 'primary.main' }}
          >
            {avatarInitial(user)}
          </Avatar>
          <Box sx={{ minWidth: 0, maxWidth: '100%' }}>
            <Typography variant="h6" component="p" noWrap>
              {user.displayName}
            </Typography>
            <Typography color="textSecondary" noWrap>
              {user.email}
            </Typography>
          </Box>
          <Chip
            size="small"
            color={user.isActive ? 'success' : 'default'}
            label={user.isActive ? t('profile.active') : t('profile.inactive')}
          />
          {!user.profileCompleted && (
            <Button component={RouterLink} to="/incomplete-profile" variant="outlined" size="small">
              {t('profile.completeProfile')}
            </Button>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
