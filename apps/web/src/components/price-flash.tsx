import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/**
 * A price tinted green or red while it flashes (SPEC §4: 2.2 s after it moved, by its direction).
 * `flash` is the tick's flash (1 up, -1 down, 0 none): the tick store starts and ends flashes.
 */
export function PriceFlash({ flash, className, children, testId }: { flash: number; className?: string; children: ReactNode; testId?: string }) {
  return (
    <span data-testid={testId} className={cn('rounded-sm', className, flash > 0 && 'flash-up', flash < 0 && 'flash-down')}>
      {children}
    </span>
  );
}
