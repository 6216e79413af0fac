import { AppBar, Box, IconButton, Toolbar, Tooltip, Typography } from '@mui/material';
import DarkMode from '@mui/icons-material/DarkMode';
import LightMode from '@mui/icons-material/LightMode';
import MenuIcon from '@mui/icons-material/Menu';
import { useTranslation } from 'react-i18next';
import { useColorMode } from '../theme/colorModeContext';
import type { Workflow } from '../routing/workflow';
import { AccountMenu } from './AccountMenu';
import { NotificationsMenu } from './NotificationsMenu';
import { WorkflowSwitch } from './WorkflowSwitch';

interface TopBarProps {
  readonly title: string;
  readonly workflow: Workflow | null;
  readonly showWorkflowSwitch: boolean;
  readonly onToggleSidebar: () => void;
}

export function TopBar({ title, workflow, showWorkflowSwitch, onToggleSidebar }: TopBarProps) {
  const { t } = useTranslation();
  const { mode, toggleMode } = useColorMode();
  const modeLabel = mode === 'light' ? t('topbar.darkMode') : t('topbar.lightMode');
  return (
    <AppBar position="fixed" sx={{ zIndex: (theme) => theme.zIndex.drawer + 1 }}>
      <Toolbar sx={{ gap: 1 }}>
        <IconButton
          color="inherit"
          edge="start"
          onClick={onToggleSidebar}
          aria-label={t('topbar.toggleSidebar')}
        >
          <MenuIcon />
        </IconButton>
        <Typography
          variant="h6"
          component="span"
          sx={{ fontWeight: 700, letterSpacing: 1, display: { xs: 'none', sm: 'block' } }}
        >
          {t('app.name')}
        </Typography>
        <Typography
          variant="subtitle1"
          component="div"
          sx={{ ml: 1, opacity: 0.9, display: { xs: 'none', sm: 'block' } }}
          noWrap
        >
          {title}
        </Typography>
        <Box sx={{ flexGrow: 1 }} />
        {showWorkflowSwitch && <WorkflowSwitch workflow={workflow} />}
        <Tooltip title={modeLabel}>
          <IconButton
            color="inherit"
            onClick={toggleMode}
            aria-label={modeLabel}
            data-testid="theme-toggle"
          >
            {mode === 'light' ? <DarkMode /> : <LightMode />}
          </IconButton>
        </Tooltip>
        <NotificationsMenu />
        <AccountMenu />
      </Toolbar>
    </AppBar>
  );
}
