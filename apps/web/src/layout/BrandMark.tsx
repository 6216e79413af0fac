import { Box } from '@mui/material';

/** Round brand mark: a cell head and tail in the brand colours. */
export function BrandMark({ size = 32 }: { readonly size?: number }) {
  return (
    <Box
      component="svg"
      viewBox="0 0 64 64"
      sx={{ width: size, height: size, flexShrink: 0 }}
      aria-hidden
    >
      <circle cx="32" cy="32" r="30" fill="#0077B6" />
      <ellipse cx="26" cy="30" rx="9" ry="7" fill="#fff" />
      <path
        d="M34 32 C42 36, 46 28, 54 34"
        stroke="#00B4D8"
        strokeWidth="4"
        fill="none"
        strokeLinecap="round"
      />
    </Box>
  );
}
