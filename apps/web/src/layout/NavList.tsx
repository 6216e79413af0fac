import { List, ListItemButton, ListItemIcon, ListItemText, ListSubheader } from '@mui/material';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { NAV_ICONS } from './navIcons';
import type { NavItem } from './navigationItems';

function isSelected(pathname: string, itemPath: string): boolean {
  return pathname === itemPath || pathname.startsWith(`${itemPath}/`);
}

export function NavList({
  items,
  heading,
}: {
  readonly items: readonly NavItem[];
  readonly heading?: string;
}) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  if (items.length === 0) return null;
  return (
    <List
      dense
      subheader={
        heading === undefined ? undefined : <ListSubheader disableSticky>{heading}</ListSubheader>
      }
    >
      {items.map((item) => {
        const Icon = NAV_ICONS[item.icon];
        return (
          <ListItemButton
            key={item.path}
            component={RouterLink}
            to={item.path}
            selected={isSelected(pathname, item.path)}
            sx={{ mx: 1, borderRadius: 1 }}
          >
            <ListItemIcon sx={{ minWidth: 36 }}>
              <Icon fontSize="small" />
            </ListItemIcon>
            <ListItemText primary={t(item.labelKey)} />
          </ListItemButton>
        );
      })}
    </List>
  );
}
