import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import type { Tick } from '@/stores/tick-store';

/**
 * A price tinted green or red while it flashes (SPEC §4: 2.2 s after it moved, by its direction).
 * The tick store starts and ends flashes, so this is a pure function of the tick.
 */
export function PriceFlash({ tick, className, children, testId }: { tick: Tick | undefined; className?: string; children: ReactNode; testId?: string }) {
  const flash = tick?.flash ?? 0;
  return (
    <span data-testid={testId} className={cn('rounded-sm', className, flash > 0 && 'flash-up', flash < 0 && 'flash-down')}>
      {children}
    </span>
  );
}
