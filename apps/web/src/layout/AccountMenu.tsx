import { useState } from 'react';
import {
  Avatar,
  Box,
  Divider,
  IconButton,
  ListItemIcon,
  Menu,
  MenuItem,
  Tooltip,
  Typography,
} from '@mui/material';
import Logout from '@mui/icons-material/Logout';
import Person from '@mui/icons-material/Person';
import Settings from '@mui/icons-material/Settings';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../auth/authContext';

export function AccountMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user, logout } = useAuth();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const name = user?.displayName ?? '';

  const go = (path: string) => {
    setAnchor(null);
    void navigate(path);
  };
  const signOut = async () => {
    setAnchor(null);
    await logout();
    await navigate('/login', { replace: true });
  };

  return (
    <>
      <Tooltip title={t('topbar.account')}>
        <IconButton
          onClick={(e) => setAnchor(e.currentTarget)}
          aria-label={t('topbar.account')}
          sx={{ ml: 0.5 }}
        >
          <Avatar sx={{ width: 32, height: 32, bgcolor: 'secondary.main', fontSize: 16 }}>
            {name.slice(0, 1).toUpperCase()}
          </Avatar>
        </IconButton>
      </Tooltip>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <Box sx={{ px: 2, py: 1 }}>
          <Typography variant="subtitle2">{name}</Typography>
          <Typography variant="body2" color="textSecondary">
            {user?.email}
          </Typography>
        </Box>
        <Divider />
        <MenuItem onClick={() => go('/profile')}>
          <ListItemIcon>
            <Person fontSize="small" />
          </ListItemIcon>
          {t('topbar.profile')}
        </MenuItem>
        <MenuItem onClick={() => go('/settings')}>
          <ListItemIcon>
            <Settings fontSize="small" />
          </ListItemIcon>
          {t('topbar.settings')}
        </MenuItem>
        <Divider />
        <MenuItem onClick={() => void signOut()}>
          <ListItemIcon>
            <Logout fontSize="small" />
          </ListItemIcon>
          {t('topbar.logout')}
        </MenuItem>
      </Menu>
    </>
  );
}
