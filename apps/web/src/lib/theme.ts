import { alpha, createTheme, type Theme } from '@mui/material/styles';
import { arSA, enUS } from '@mui/material/locale';
import { COLOURS } from '@dalil/contracts/constants';
import type { ColourMode, Direction } from './preferences-store';

type ThemeArea = 'admin' | 'catalog';

export interface ThemeOptions {
  mode: ColourMode;
  direction: Direction;
  area: ThemeArea;
}

const FONT_FAMILY = '"IBM Plex Sans Arabic", "Segoe UI", system-ui, -apple-system, sans-serif';

// The brand colours. #3c8dbc carries white text at only 3.7:1, so filled buttons and primary
// text use the darker shade in light mode (5.5:1) and a lighter tint in dark mode (7.5:1).
const PRIMARY_DARK = '#2a6f99';
const PRIMARY_ON_DARK = '#6cb4e0';

function palette(mode: ColourMode, area: ThemeArea) {
  if (mode === 'light') {
    return {
      mode,
      primary: { main: COLOURS.lightPrimary, dark: PRIMARY_DARK, contrastText: '#ffffff' },
      background: { default: COLOURS.lightBackground, paper: '#ffffff' },
      text: { primary: '#1b2430', secondary: '#4d5a69' },
      divider: '#e3e7ec',
    } as const;
  }
  const isAdmin = area === 'admin';
  return {
    mode,
    primary: { main: PRIMARY_ON_DARK, contrastText: '#0b1520' },
    background: {
      default: isAdmin ? COLOURS.adminDarkBackground : COLOURS.darkBackground,
      paper: isAdmin ? '#1d2530' : '#171d24',
    },
    text: { primary: '#e8edf2', secondary: '#a9b4c0' },
    divider: '#2c3642',
  } as const;
}

export function createAppTheme({ mode, direction, area }: ThemeOptions): Theme {
  const base = createTheme({
    direction,
    palette: palette(mode, area),
    shape: { borderRadius: 10 },
    typography: {
      fontFamily: FONT_FAMILY,
      // Letter spacing breaks the joins of Arabic script; Plex reads well without it in Latin too.
      button: { textTransform: 'none', fontWeight: 500, letterSpacing: 0 },
      h1: { fontWeight: 700, letterSpacing: 0 },
      h2: { fontWeight: 700, letterSpacing: 0 },
      h3: { fontWeight: 700, letterSpacing: 0 },
      h4: { fontWeight: 700, letterSpacing: 0 },
      h5: { fontWeight: 700, letterSpacing: 0 },
      h6: { fontWeight: 500, letterSpacing: 0 },
      subtitle1: { fontWeight: 500, letterSpacing: 0 },
      subtitle2: { fontWeight: 500, letterSpacing: 0 },
      body1: { lineHeight: 1.7, letterSpacing: 0 },
      body2: { lineHeight: 1.65, letterSpacing: 0 },
      caption: { letterSpacing: 0 },
      overline: { letterSpacing: 0, fontWeight: 500 },
    },
  });
  const strongPrimary = mode === 'light' ? PRIMARY_DARK : PRIMARY_ON_DARK;
  // The components' own words (pagination and autocomplete buttons' labels, an alert's close) in the
  // screen's language: Arabic screens are right-to-left, English ones left-to-right. The list's own
  // labels (rows per page, 1–10 of 40) are the app's, with its digits.
  const words = direction === 'rtl' ? arSA : enUS;
  return createTheme(base, words, {
    components: {
      MuiCssBaseline: {
        styleOverrides: { body: { WebkitFontSmoothing: 'antialiased', textRendering: 'optimizeLegibility' } },
      },
      MuiButton: {
        defaultProps: { disableElevation: true },
        styleOverrides: { root: { borderRadius: 10, paddingInline: 18 } },
        // MUI 9 dropped the colour-and-variant class keys; variants select the same buttons.
        variants: [
          ...(mode === 'light'
            ? [
                {
                  props: { variant: 'contained' as const, color: 'primary' as const },
                  style: { backgroundColor: PRIMARY_DARK, '&:hover': { backgroundColor: '#225d81' } },
                },
              ]
            : []),
          { props: { variant: 'text' as const, color: 'primary' as const }, style: { color: strongPrimary } },
          {
            props: { variant: 'outlined' as const, color: 'primary' as const },
            style: { color: strongPrimary, borderColor: alpha(strongPrimary, 0.5) },
          },
        ],
      },
      MuiPaper: { styleOverrides: { root: { backgroundImage: 'none' } } },
      MuiAppBar: { defaultProps: { elevation: 0, color: 'inherit' } },
      MuiInputLabel: { styleOverrides: { root: { '&.Mui-focused': { color: strongPrimary } } } },
      MuiOutlinedInput: {
        styleOverrides: {
          root: { '&.Mui-focused .MuiOutlinedInput-notchedOutline': { borderColor: strongPrimary } },
        },
      },
      MuiTooltip: { styleOverrides: { tooltip: { fontSize: '0.8rem' } } },
      MuiCircularProgress: { defaultProps: { color: 'primary' } },
    },
  });
}
