import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Toaster } from 'sonner';
import { RETRY_MS, TOAST } from '@/config/constants';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 10_000, retry: 1, retryDelay: RETRY_MS, refetchOnWindowFocus: false },
  },
});

/** Query cache and toasts (SPEC §9 toast constants; placed top-right). */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toaster
        position="top-right"
        theme="dark"
        richColors
        closeButton
        duration={TOAST.durationMs}
        visibleToasts={TOAST.visible}
        gap={TOAST.gapPx}
        style={{ ['--width' as string]: `${TOAST.widthPx}px` }}
        // Screens whose top bar holds controls (the trading room) set --toast-top to keep them uncovered.
        offset={{ top: 'var(--toast-top, 24px)' }}
        mobileOffset={{ top: 'var(--toast-top, 16px)' }}
      />
    </QueryClientProvider>
  );
}
