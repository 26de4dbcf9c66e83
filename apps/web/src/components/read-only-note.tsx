import type { ReactNode } from 'react';
import { Lock } from 'lucide-react';
import { cn } from '@/lib/cn';

/** Where an admin sees a control, support staff see why there is none. */
export function ReadOnlyNote({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <p className={cn('flex items-start gap-2 text-xs text-muted', className)} data-testid="read-only-note">
      <Lock className="mt-px size-3.5 shrink-0" aria-hidden />
      <span>{children}</span>
    </p>
  );
}
