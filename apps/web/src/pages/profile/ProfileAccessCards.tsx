import { Card, CardContent, Chip, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '@sarm/contracts';
import { ACCESS_LEVEL_KEYS } from '../admin/projects/accessLevels';

/** System Roles: each role with a System or Custom chip. */
export function SystemRolesCard({ roles }: { readonly roles: CurrentUser['roles'] }) {
  const { t } = useTranslation();
  return (
    <Card sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="h6" component="h2">
          {t('profile.systemRoles')}
        </Typography>
        {roles.length === 0 ? (
          <Typography color="textSecondary" sx={{ mt: 1 }}>
            {t('profile.noRoles')}
          </Typography>
        ) : (
          <List dense>
            {roles.map((role) => (
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
  );
}

/** Project Access: the projects the user belongs to, with the access level in each. */
export function ProfileAccessCard({ projects }: { readonly projects: CurrentUser['projects'] }) {
  const { t } = useTranslation();
  return (
    <Card sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="h6" component="h2">
          {t('profile.projectAccess')}
        </Typography>
        {projects.length === 0 ? (
          <Typography color="textSecondary" sx={{ mt: 1 }}>
            {t('profile.noProjects')}
          </Typography>
        ) : (
          <List dense>
            {projects.map((project) => (
              <ListItem
                key={project.id}
                disableGutters
                secondaryAction={
                  <Chip
                    size="small"
                    variant="outlined"
                    label={t(ACCESS_LEVEL_KEYS[project.accessLevel])}
                  />
                }
              >
                <ListItemText primary={project.name} />
              </ListItem>
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  );
}
