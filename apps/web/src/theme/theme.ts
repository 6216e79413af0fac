import { createTheme, type Theme } from '@mui/material/styles';

export type ColorMode = 'light' | 'dark';

/** Brand colours (spec 1 §9). */
export const BRAND_PRIMARY = '#0077B6';
export const BRAND_SECONDARY = '#00B4D8';
/** Brand blue lightened for text on dark surfaces, where #0077B6 is too dark to read. */
const BRAND_PRIMARY_ON_DARK = '#5AB4E5';

export function parseColorMode(value: string | null): ColorMode {
  return value === 'dark' ? 'dark' : 'light';
}

/** Brand blue for text and outlines: the brand colour itself on light, lightened on dark. */
export function brandText(theme: Theme): string {
  return theme.palette.mode === 'dark' ? BRAND_PRIMARY_ON_DARK : BRAND_PRIMARY;
}

export function createAppTheme(mode: ColorMode): Theme {
  const onDark = mode === 'dark';
  return createTheme({
    palette: {
      mode,
      primary: { main: BRAND_PRIMARY, light: BRAND_PRIMARY_ON_DARK, contrastText: '#ffffff' },
      secondary: { main: BRAND_SECONDARY },
      ...(onDark
        ? { background: { default: '#0d1620', paper: '#15212d' } }
        : { background: { default: '#f4f7fa', paper: '#ffffff' } }),
    },
    shape: { borderRadius: 8 },
    typography: {
      fontFamily: '"Inter", "Roboto", "Helvetica Neue", Arial, sans-serif',
      h4: { fontWeight: 600 },
      h5: { fontWeight: 600 },
      h6: { fontWeight: 600 },
      button: { textTransform: 'none', fontWeight: 600 },
    },
    components: {
      MuiAppBar: { defaultProps: { elevation: 0 } },
      MuiCard: { defaultProps: { variant: 'outlined' } },
      // Filled brand surfaces keep #0077B6; only text-coloured uses of it are lightened on dark.
      ...(onDark
        ? {
            MuiLink: { styleOverrides: { root: { color: BRAND_PRIMARY_ON_DARK } } },
            MuiButton: {
              styleOverrides: {
                root: {
                  variants: [
                    {
                      props: { variant: 'outlined', color: 'primary' },
                      style: { color: BRAND_PRIMARY_ON_DARK, borderColor: 'rgba(90,180,229,0.5)' },
                    },
                    {
                      props: { variant: 'text', color: 'primary' },
                      style: { color: BRAND_PRIMARY_ON_DARK },
                    },
                  ],
                },
              },
            },
          }
        : {}),
    },
  });
}
