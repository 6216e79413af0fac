import type { ReactNode } from 'react';
import { Button, Card, CardActions, CardContent, CardHeader, Stack } from '@mui/material';

export function SectionCard(props: {
  readonly title: string;
  readonly saveLabel: string;
  readonly busy: boolean;
  readonly onSave: () => void;
  readonly children: ReactNode;
}) {
  return (
    <Card sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      <CardHeader title={props.title} slotProps={{ title: { variant: 'h6', component: 'h2' } }} />
      <CardContent sx={{ flexGrow: 1 }}>
        <Stack spacing={2}>{props.children}</Stack>
      </CardContent>
      <CardActions sx={{ justifyContent: 'flex-end', px: 2, pb: 2 }}>
        <Button
          variant="contained"
          onClick={props.onSave}
          disabled={props.busy}
          aria-label={`${props.saveLabel} ${props.title}`}
        >
          {props.saveLabel}
        </Button>
      </CardActions>
    </Card>
  );
}
