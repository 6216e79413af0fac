import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItem,
  ListItemText,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { SystemLog } from '@sarm/contracts';
import { useLogLabels } from './logLabels';

export function LogDetailsDialog(props: { readonly log: SystemLog; readonly onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const labels = useLogLabels();
  const { log } = props;
  const rows: [string, string][] = [
    [t('admin.logs.timestamp'), new Date(log.timestamp).toLocaleString(i18n.language)],
    [t('admin.logs.type'), labels.type(log.type)],
    [t('admin.logs.severity'), labels.severity(log.severity)],
    [t('admin.logs.message'), log.message],
    [
      t('admin.logs.user'),
      log.userName === null
        ? (log.userEmail ?? t('admin.logs.system'))
        : `${log.userName} (${log.userEmail ?? ''})`,
    ],
    [t('admin.logs.userId'), log.userId ?? '—'],
    [
      t('admin.logs.resource'),
      log.resourceType === null ? '—' : `${log.resourceType} ${log.resourceId ?? ''}`,
    ],
    [t('admin.logs.ip'), log.ipAddress ?? '—'],
    [t('admin.logs.userAgent'), log.userAgent ?? '—'],
  ];
  return (
    <Dialog open onClose={props.onClose} fullWidth maxWidth="sm">
      <DialogTitle>{t('admin.logs.detailsTitle')}</DialogTitle>
      <DialogContent dividers>
        <List dense>
          {rows.map(([label, value]) => (
            <ListItem key={label} disableGutters>
              <ListItemText
                primary={label}
                secondary={value}
                slotProps={{ secondary: { sx: { wordBreak: 'break-word' } } }}
              />
            </ListItem>
          ))}
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>{t('admin.common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
