import type { Theme } from '@mui/material/styles';
import { ThemeProvider as SystemThemeProvider } from '@mui/system';
import { useMemo, type ReactNode } from 'react';

/**
 * MUI's ThemeProvider for a theme without CSS variables (ours: lib/theme.ts), as MUI's own provider
 * renders it for such a theme, without the CSS-variables provider and its colour-scheme script that
 * the same import also brings (about 2 KB compressed on every first screen; docs/performance.md,
 * "First visit"). `vars: null` keeps an inner theme from inheriting an outer one's variables.
 */
export function AppThemeProvider({ theme, children }: { theme: Theme; children: ReactNode }) {
  const noVars = useMemo(() => ({ ...theme, vars: null }), [theme]);
  return <SystemThemeProvider theme={noVars}>{children}</SystemThemeProvider>;
}
