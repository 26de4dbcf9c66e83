import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Toaster } from 'sonner';
import { RETRY_MS, TOAST } from '@/config/constants';
import { useTheme } from '@/stores/theme-store';
import { useTranslation } from 'react-i18next';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 10_000, retry: 1, retryDelay: RETRY_MS, refetchOnWindowFocus: false },
  },
});

/** Query cache and toasts (SPEC §9 toast constants; placed top-right, in the app's theme). */
export function Providers({ children }: { children: ReactNode }) {
  const theme = useTheme((s) => s.theme);
  // Right-to-left languages get the toasts in the mirrored corner.
  const rtl = useTranslation().i18n.dir() === 'rtl';
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toaster
        position={rtl ? 'top-left' : 'top-right'}
        dir={rtl ? 'rtl' : 'ltr'}
        theme={theme}
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
