// Fourth stage of the app's evaluation (boot/entry.ts): the router, TanStack Query (vite.config.ts APP_STAGES).
import { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter } from 'react-router';

export const stage = [createBrowserRouter, QueryClient];
