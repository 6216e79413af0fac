import {
  Avatar,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Grid,
  List,
  ListItem,
  ListItemText,
  Stack,
  Typography,
} from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../auth/authContext';
import { ProfileDetailsCard } from './ProfileDetailsCard';

/** My Profile, first version: identity, account state, roles and project access (spec 3 §2). */
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
        <Grid size={{ xs: 12, md: 5 }}>
          <Card sx={{ height: '100%' }}>
            <CardContent>
              <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
                <Avatar sx={{ width: 64, height: 64, fontSize: 28, bgcolor: 'primary.main' }}>
                  {user.displayName.slice(0, 1).toUpperCase()}
                </Avatar>
                <Box sx={{ minWidth: 0 }}>
                  <Typography variant="h6" noWrap>
                    {user.displayName}
                  </Typography>
                  <Typography color="textSecondary" noWrap>
                    {user.email}
                  </Typography>
                  <Chip
                    size="small"
                    sx={{ mt: 1 }}
                    color={user.isActive ? 'success' : 'default'}
                    label={user.isActive ? t('profile.active') : t('profile.inactive')}
                  />
                </Box>
              </Stack>
              {!user.profileCompleted && (
                <Button
                  component={RouterLink}
                  to="/incomplete-profile"
                  variant="outlined"
                  size="small"
                  sx={{ mt: 2 }}
                >
                  {t('profile.completeProfile')}
                </Button>
              )}
            </CardContent>
          </Card>
        </Grid>
        <Grid size={{ xs: 12, md: 7 }}>
          <ProfileDetailsCard user={user} />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Card sx={{ height: '100%' }}>
            <CardContent>
              <Typography variant="h6" component="h2">
                {t('profile.systemRoles')}
              </Typography>
              {user.roles.length === 0 ? (
                <Typography color="textSecondary">{t('profile.noRoles')}</Typography>
              ) : (
                <List dense>
                  {user.roles.map((role) => (
                    <ListItem
                      key={role.id}
                      disableGutters
                      secondaryAction={
                        <Chip
                          size="small"
                          color={role.isSystem ? 'primary' : 'secondary'}
                          label={role.isSystem ? t('profile.system') : t('profile.custom')}
                        />
                      }
                    >
                      <ListItemText primary={role.name} secondary={role.code} />
                    </ListItem>
                  ))}
                </List>
              )}
            </CardContent>
          </Card>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Card sx={{ height: '100%' }}>
            <CardContent>
              <Typography variant="h6" component="h2">
                {t('profile.projectAccess')}
              </Typography>
              {user.projects.length === 0 ? (
                <Typography color="textSecondary">{t('profile.noProjects')}</Typography>
              ) : (
                <List dense>
                  {user.projects.map((project) => (
                    <ListItem
                      key={project.id}
                      disableGutters
                      secondaryAction={
                        <Chip size="small" variant="outlined" label={project.accessLevel} />
                      }
                    >
                      <ListItemText primary={project.name} />
                    </ListItem>
                  ))}
                </List>
              )}
            </CardContent>
          </Card>
        </Grid>
      </Grid>
    </Box>
  );
}
