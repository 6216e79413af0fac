import { useState } from 'react';
import {
  Badge,
  Box,
  Button,
  Divider,
  IconButton,
  Menu,
  MenuItem,
  Tooltip,
  Typography,
} from '@mui/material';
import NotificationsIcon from '@mui/icons-material/Notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { Notification } from '@sarm/contracts';
import {
  NOTIFICATIONS_QUERY_KEY,
  fetchNotifications,
  markAllNotificationsRead,
  markNotificationRead,
} from '../api/notificationsApi';
import { markedRead, notificationTarget, type NotificationList } from './notificationsLogic';

/** New notifications show up without a reload, but the menu does not hammer the server. */
const NOTIFICATIONS_POLL_MS = 60_000;

export function NotificationsMenu() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const query = useQuery({
    queryKey: NOTIFICATIONS_QUERY_KEY,
    queryFn: fetchNotifications,
    refetchInterval: NOTIFICATIONS_POLL_MS,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY_KEY });
  const markOne = useMutation({
    mutationFn: markNotificationRead,
    onMutate: (id: string) =>
      queryClient.setQueryData<NotificationList>(NOTIFICATIONS_QUERY_KEY, (list) =>
        markedRead(list, id),
      ),
    onSettled: refresh,
  });
  const markAll = useMutation({ mutationFn: markAllNotificationsRead, onSettled: refresh });

  const notifications = query.data?.notifications ?? [];
  const unread = query.data?.unread ?? 0;

  const open = (item: Notification) => {
    if (!item.read) markOne.mutate(item.id);
    const target = notificationTarget(item.link);
    if (target !== null) {
      setAnchor(null);
      void navigate(target);
    }
  };

  return (
    <>
      <Tooltip title={t('topbar.notifications')}>
        <IconButton
          color="inherit"
          onClick={(e) => {
            setAnchor(e.currentTarget);
            // Opening the menu shows what arrived since the last poll.
            void query.refetch();
          }}
          aria-label={t('topbar.notifications')}
        >
          <Badge badgeContent={unread} color="error" data-testid="notifications-badge">
            <NotificationsIcon />
          </Badge>
        </IconButton>
      </Tooltip>
      <Menu
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        slotProps={{ paper: { sx: { width: 360, maxHeight: 480 } } }}
      >
        <Box
          sx={{
            px: 2,
            py: 1,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
          }}
        >
          <Typography variant="subtitle1">{t('topbar.notifications')}</Typography>
          <Button
            size="small"
            disabled={unread === 0 || markAll.isPending}
            onClick={() => markAll.mutate()}
          >
            {t('topbar.markAllRead')}
          </Button>
        </Box>
        <Divider />
        {query.isError && (
          <Typography sx={{ px: 2, py: 1.5 }} color="error" variant="body2">
            {t('topbar.notificationsFailed')}
          </Typography>
        )}
        {!query.isError && notifications.length === 0 && (
          <Typography sx={{ px: 2, py: 1.5 }} color="textSecondary" variant="body2">
            {t('topbar.noNotifications')}
          </Typography>
        )}
        {notifications.map((item) => (
          <MenuItem
            key={item.id}
            onClick={() => open(item)}
            sx={{ whiteSpace: 'normal', alignItems: 'flex-start', gap: 1 }}
          >
            <Box
              sx={{
                width: 8,
                height: 8,
                mt: 1,
                borderRadius: '50%',
                flexShrink: 0,
                bgcolor: item.read ? 'transparent' : 'primary.main',
              }}
            />
            <Box>
              <Typography variant="subtitle2" sx={{ fontWeight: item.read ? 400 : 600 }}>
                {item.title}
              </Typography>
              <Typography variant="body2" color="textSecondary">
                {item.message}
              </Typography>
              <Typography variant="caption" color="textSecondary">
                {new Date(item.timestamp).toLocaleString(i18n.language)}
              </Typography>
            </Box>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
