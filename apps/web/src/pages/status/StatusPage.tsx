import type { ReactNode } from 'react';
import { Box, Paper, Stack, Typography } from '@mui/material';
import { brandText } from '../../theme/theme';

interface StatusPageProps {
  readonly code?: string;
  readonly icon?: ReactNode;
  readonly title: string;
  readonly message: string;
  readonly children?: ReactNode;
  readonly actions: ReactNode;
}

/** Centred layout shared by 404, 403, inactive-account and no-access pages. */
export function StatusPage({ code, icon, title, message, children, actions }: StatusPageProps) {
  return (
    <Box
      sx={{ minHeight: { xs: '70vh', md: '80vh' }, display: 'grid', placeItems: 'center', p: 2 }}
    >
      <Paper
        variant="outlined"
        sx={{ maxWidth: 560, width: '100%', p: { xs: 3, sm: 5 }, textAlign: 'center' }}
      >
        {icon}
        {code !== undefined && (
          <Typography
            variant="h2"
            component="p"
            sx={{ fontWeight: 700, lineHeight: 1.1, color: brandText }}
          >
            {code}
          </Typography>
        )}
        <Typography variant="h4" component="h1" sx={{ mt: 1, mb: 1.5 }}>
          {title}
        </Typography>
        <Typography color="textSecondary">{message}</Typography>
        {children}
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1.5}
          sx={{ justifyContent: 'center', mt: 4 }}
        >
          {actions}
        </Stack>
      </Paper>
    </Box>
  );
}
