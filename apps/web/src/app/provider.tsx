import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { ToastProvider } from '@/components/ui/toast';
import { UpdatePrompt } from '@/components/ui/update-prompt';
import { queryClient as defaultQueryClient } from '@/lib/query-client';
import { theme } from '@/lib/theme';
import './autofill.css';

export function AppProvider({ children, queryClient = defaultQueryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <ToastProvider>
          {children}
          <UpdatePrompt />
        </ToastProvider>
      </ThemeProvider>
    </QueryClientProvider>
  );
}
