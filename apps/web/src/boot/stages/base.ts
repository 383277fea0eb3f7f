// Fifth stage of the app's evaluation (boot/entry.ts): our shared code, the contract's texts and
// constants, src/lib, src/config, src/components (vite.config.ts APP_STAGES).
import { queryClient } from '@/lib/query-client';
import { theme } from '@/lib/theme';

export const stage = [queryClient, theme];
