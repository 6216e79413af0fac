import { Card, CardContent, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '@sarm/contracts';

export function ProfileDetailsCard({ user }: { readonly user: CurrentUser }) {
  const { t } = useTranslation();
  const rows = [
    [t('wizard.phoneNumber'), user.profile.phoneNumber],
    [t('wizard.jobTitle'), user.profile.jobTitle],
    [t('wizard.department'), user.profile.department],
    [t('wizard.organization'), user.profile.organization],
  ] as const;
  return (
    <Card sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="h6" component="h2">
          {t('profile.details')}
        </Typography>
        <List dense>
          {rows.map(([label, value]) => (
            <ListItem key={label} disableGutters>
              <ListItemText primary={label} secondary={value ?? t('common.notProvided')} />
            </ListItem>
          ))}
        </List>
      </CardContent>
    </Card>
  );
}
