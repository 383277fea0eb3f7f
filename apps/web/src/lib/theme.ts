import { createTheme } from '@mui/material/styles';
import { COLORS } from '@sendero/contract';

/** Purple and coral of docs/product.md#constants; Roboto is self-hosted (imported in main.tsx). */
export const theme = createTheme({
  palette: {
    primary: { main: COLORS.purple, contrastText: '#ffffff' },
    // Coral is light: dark text on it keeps WCAG AA contrast.
    secondary: { main: COLORS.coral, contrastText: '#1a1a1a' },
    background: { default: '#faf8fc' },
  },
  typography: {
    fontFamily: 'Roboto, system-ui, -apple-system, "Segoe UI", Arial, sans-serif',
    button: { textTransform: 'none', fontWeight: 500 },
  },
  shape: { borderRadius: 10 },
  components: {
    MuiButton: { defaultProps: { disableElevation: true } },
    // The autofill keyframes MUI's fields watch (to float a label over what the browser filled in) and
    // the rules that run them are in app/autofill.css, once, instead of injected by every field: each
    // field's were a style element of its own, seven on the search screen, all inserted anew as the app
    // hydrated the screen the server rendered (src/boot/README.md).
    MuiInputBase: { defaultProps: { disableInjectingGlobalStyles: true } },
    MuiButtonBase: {
      styleOverrides: {
        root: {
          '&.Mui-focusVisible': { outline: `3px solid ${COLORS.coral}`, outlineOffset: 2 },
        },
      },
    },
    // The star rating's keyboard focus: the same 3 px coral ring as every other control (MUI's own is a
    // 1 px grey outline), around the star that has the focus.
    MuiRating: {
      styleOverrides: {
        root: {
          '&.Mui-focusVisible .MuiRating-iconActive': { outline: `3px solid ${COLORS.coral}`, outlineOffset: 2, borderRadius: 4 },
        },
      },
    },
  },
});
