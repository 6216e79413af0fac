import { Box, Divider, Drawer, Toolbar } from '@mui/material';
import { useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '@sarm/contracts';
import type { Workflow } from '../routing/workflow';
import { NavList } from './NavList';
import { WORKFLOW_NAV, adminNavFor } from './navigationItems';
import { StagedNavigation } from './StagedNavigation';
import { hasStagedContext, parseWorkflowContext } from './stages';

export const SIDEBAR_WIDTH = 264;

interface SidebarProps {
  readonly open: boolean;
  readonly temporary: boolean;
  readonly onClose: () => void;
  readonly workflow: Workflow | null;
  readonly user: CurrentUser;
}

export function Sidebar({ open, temporary, onClose, workflow, user }: SidebarProps) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const context = parseWorkflowContext(pathname, search);
  const showStages = workflow !== null && hasStagedContext(context);
  return (
    <Drawer
      variant={temporary ? 'temporary' : 'persistent'}
      open={open}
      onClose={onClose}
      sx={{
        width: SIDEBAR_WIDTH,
        flexShrink: 0,
        '& .MuiDrawer-paper': { width: SIDEBAR_WIDTH, boxSizing: 'border-box' },
      }}
      data-testid="sidebar"
    >
      <Toolbar />
      <Box sx={{ overflowY: 'auto', pb: 2 }}>
        {showStages && (
          <>
            <StagedNavigation workflow={workflow} context={context} />
            <Divider sx={{ my: 1 }} />
          </>
        )}
        {workflow !== null && <NavList items={WORKFLOW_NAV[workflow]} />}
        <NavList items={adminNavFor(user)} heading={t('nav.administration')} />
      </Box>
    </Drawer>
  );
}
