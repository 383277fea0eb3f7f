// Third stage of the app's evaluation (boot/entry.ts): MUI and emotion (vite.config.ts APP_STAGES).
import { ThemeProvider } from '@mui/material/styles';

export const stage = [ThemeProvider];
