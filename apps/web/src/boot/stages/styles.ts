// Second stage of the app's evaluation (boot/entry.ts): emotion and MUI's styling engine, before MUI's
// components (vite.config.ts APP_STAGES). The whole chunk runs, whichever of its exports is used here.
import { ThemeContext } from '@emotion/react';

export const stage = [ThemeContext];
