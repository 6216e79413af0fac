import { List, ListItem, ListItemButton, ListItemText } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { DashboardCard } from './DashboardCard';

export interface DashboardListItem {
  readonly id: string;
  readonly primary: string;
  readonly secondary?: string;
  /** Opens this path when clicked, when set. */
  readonly to?: string;
  /** Called when the item is opened (e.g. to mark a notification read). */
  readonly onOpen?: () => void;
  readonly extra?: ReactNode;
}

interface DashboardListCardProps {
  readonly title: string;
  readonly emptyText: string;
  readonly loading: boolean;
  readonly error: Error | null;
  readonly items: readonly DashboardListItem[];
  readonly testId: string;
}

/** A titled list with loading, error and empty states. */
export function DashboardListCard(props: DashboardListCardProps) {
  const { title, emptyText, loading, error, items, testId } = props;
  return (
    <DashboardCard
      title={title}
      testId={testId}
      loading={loading}
      error={error}
      empty={items.length === 0}
      emptyText={emptyText}
    >
      <List dense disablePadding>
        {items.map((item) => {
          const text = <ListItemText primary={item.primary} secondary={item.secondary} />;
          return item.to === undefined ? (
            <ListItem key={item.id} divider>
              {text}
              {item.extra}
            </ListItem>
          ) : (
            <ListItemButton
              key={item.id}
              divider
              component={RouterLink}
              to={item.to}
              onClick={item.onOpen}
            >
              {text}
              {item.extra}
            </ListItemButton>
          );
        })}
      </List>
    </DashboardCard>
  );
}
