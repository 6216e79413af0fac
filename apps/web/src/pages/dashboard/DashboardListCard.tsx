import {
  Alert,
  Card,
  CardContent,
  CircularProgress,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  Typography,
} from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';

export interface DashboardListItem {
  readonly id: string;
  readonly primary: string;
  readonly secondary?: string;
  /** Opens this path when clicked, when set. */
  readonly to?: string;
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
  const { t } = useTranslation();
  const { title, emptyText, loading, error, items, testId } = props;
  return (
    <Card data-testid={testId} sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {title}
        </Typography>
        {loading && <CircularProgress size={24} />}
        {error !== null && (
          <Alert severity="error">{t('dashboard.loadFailed', { message: error.message })}</Alert>
        )}
        {!loading && error === null && items.length === 0 && (
          <Typography color="textSecondary">{emptyText}</Typography>
        )}
        {items.length > 0 && (
          <List dense disablePadding>
            {items.map((item) => {
              const text = <ListItemText primary={item.primary} secondary={item.secondary} />;
              return item.to === undefined ? (
                <ListItem key={item.id} divider>
                  {text}
                  {item.extra}
                </ListItem>
              ) : (
                <ListItemButton key={item.id} divider component={RouterLink} to={item.to}>
                  {text}
                  {item.extra}
                </ListItemButton>
              );
            })}
          </List>
        )}
      </CardContent>
    </Card>
  );
}
