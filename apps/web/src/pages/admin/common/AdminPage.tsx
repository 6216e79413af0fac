import type { ReactNode } from 'react';
import { Alert, Box, Stack, Typography } from '@mui/material';

/** Page frame of the administration screens: title, actions on the right, a refusal when not allowed. */
export function AdminPage(props: {
  readonly title: string;
  readonly actions?: ReactNode;
  readonly allowed: boolean;
  readonly deniedText: string;
  readonly children: ReactNode;
}) {
  return (
    <Box>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ mb: 3, justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <Typography variant="h4" component="h1">
          {props.title}
        </Typography>
        {props.allowed && props.actions}
      </Stack>
      {props.allowed ? props.children : <Alert severity="warning">{props.deniedText}</Alert>}
    </Box>
  );
}
