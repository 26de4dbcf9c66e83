import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

const tones = {
  brand: 'bg-panel-2 text-brand',
  warning: 'bg-amber-500/15 text-warn ring-1 ring-amber-500/30',
  danger: 'bg-red-500/15 text-red-400 ring-1 ring-red-500/30',
} as const;

type Props = { icon: ReactNode; title: string; children: ReactNode; action?: ReactNode; tone?: keyof typeof tones };

/** Centred full-screen panel used by the site and account gates; the tone colours the icon. */
export function FullScreenMessage({ icon, title, children, action, tone = 'brand' }: Props) {
  return (
    <main className="flex min-h-full items-center justify-center p-6">
      <section className="w-full max-w-md rounded-2xl border border-line bg-panel p-8 text-center shadow-xl">
        <div className={cn('mx-auto mb-5 flex size-14 items-center justify-center rounded-full', tones[tone])}>{icon}</div>
        <h1 className="mb-3 text-xl font-semibold">{title}</h1>
        <div className="space-y-3 text-sm leading-relaxed text-muted">{children}</div>
        {action && <div className="mt-6 flex justify-center">{action}</div>}
      </section>
    </main>
  );
}
