// First stage of the app's evaluation (boot/entry.ts): React and React DOM (vite.config.ts APP_STAGES).
// React DOM is CommonJS: its module body runs where it is first used, so it is used here, at the top.
import { jsx } from 'react/jsx-runtime';
import { createRoot } from 'react-dom/client';

export const stage = [createRoot, jsx];
