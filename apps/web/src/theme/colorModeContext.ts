import { createContext, useContext } from 'react';
import type { ColorMode } from './theme';

export interface ColorModeContextValue {
  readonly mode: ColorMode;
  readonly setMode: (mode: ColorMode) => void;
  readonly toggleMode: () => void;
}

export const ColorModeContext = createContext<ColorModeContextValue | null>(null);

export function useColorMode(): ColorModeContextValue {
  const value = useContext(ColorModeContext);
  if (value === null) throw new Error('useColorMode must be used inside <AppThemeProvider>');
  return value;
}
