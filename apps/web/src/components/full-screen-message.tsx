import type { ReactNode } from 'react';

/** Centred full-screen panel used by the site and account gates. */
export function FullScreenMessage({ icon, title, children, action }: { icon: ReactNode; title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <main className="flex min-h-full items-center justify-center p-6">
      <section className="w-full max-w-md rounded-2xl border border-line bg-panel p-8 text-center shadow-xl">
        <div className="mx-auto mb-5 flex size-14 items-center justify-center rounded-full bg-panel-2 text-brand">{icon}</div>
        <h1 className="mb-3 text-xl font-semibold">{title}</h1>
        <div className="space-y-3 text-sm leading-relaxed text-muted">{children}</div>
        {action && <div className="mt-6 flex justify-center">{action}</div>}
      </section>
    </main>
  );
}
