import { Button } from '@mui/material';
import Google from '@mui/icons-material/Google';

/** Google sign-in is not offered; the button only explains that (spec 1 §2.1). */
export function GoogleButton({
  label,
  onClick,
}: {
  readonly label: string;
  readonly onClick: () => void;
}) {
  return (
    <Button fullWidth variant="outlined" startIcon={<Google />} onClick={onClick}>
      {label}
    </Button>
  );
}
