import type { ReactNode } from 'react';
import { Button } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';

/** The page's main "Add ..." action of the users, roles and projects screens. */
export function AddButton(props: {
  readonly label: string;
  readonly onClick: () => void;
  readonly icon?: ReactNode;
}) {
  return (
    <Button variant="contained" startIcon={props.icon ?? <AddIcon />} onClick={props.onClick}>
      {props.label}
    </Button>
  );
}
