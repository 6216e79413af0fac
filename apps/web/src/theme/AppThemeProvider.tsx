import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { CssBaseline, ThemeProvider } from '@mui/material';
import { STORAGE_KEYS } from '../api/session';
import { ColorModeContext, type ColorModeContextValue } from './colorModeContext';
import { createAppTheme, parseColorMode, type ColorMode } from './theme';

/** Light by default; the choice survives reloads through local storage key `theme`. */
export function AppThemeProvider({ children }: { readonly children: ReactNode }) {
  const [mode, setModeState] = useState<ColorMode>(() =>
    parseColorMode(window.localStorage.getItem(STORAGE_KEYS.theme)),
  );

  const setMode = useCallback((next: ColorMode) => {
    window.localStorage.setItem(STORAGE_KEYS.theme, next);
    setModeState(next);
  }, []);

  const toggleMode = useCallback(() => {
    setMode(mode === 'light' ? 'dark' : 'light');
  }, [mode, setMode]);

  const theme = useMemo(() => createAppTheme(mode), [mode]);
  const value = useMemo<ColorModeContextValue>(
    () => ({ mode, setMode, toggleMode }),
    [mode, setMode, toggleMode],
  );

  return (
    <ColorModeContext.Provider value={value}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        {children}
      </ThemeProvider>
    </ColorModeContext.Provider>
  );
}
