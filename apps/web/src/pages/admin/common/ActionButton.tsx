import type { ReactNode } from 'react';
import { IconButton, Tooltip } from '@mui/material';

/** An icon button whose tooltip is also its accessible name. */
export function ActionButton(props: {
  readonly label: string;
  readonly onClick: () => void;
  readonly children: ReactNode;
  readonly color?: 'default' | 'primary' | 'error' | 'warning' | 'success';
  readonly disabled?: boolean;
}) {
  return (
    <Tooltip title={props.label}>
      <span>
        <IconButton
          size="small"
          aria-label={props.label}
          color={props.color ?? 'default'}
          disabled={props.disabled}
          onClick={props.onClick}
        >
          {props.children}
        </IconButton>
      </span>
    </Tooltip>
  );
}
