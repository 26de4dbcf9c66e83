import { useEffect, useRef, useState, type ReactNode } from 'react';
import { PRICE_FLASH_MS } from '@/config/constants';
import { cn } from '@/lib/cn';
import type { Tick } from '@/stores/tick-store';

/**
 * Tints a price green or red for 2.2 s after it moved (SPEC §4), by its last direction. The class
 * changes only when the direction does or the 2.2 s run out, so a price ticking many times a second
 * costs no more than its text changing. Moves from before the element was shown do not count.
 */
export function PriceFlash({ tick, className, children }: { tick: Tick | undefined; className?: string; children: ReactNode }) {
  const movesAtMount = useRef(tick?.moves ?? 0);
  const moves = tick?.moves ?? 0;
  const [expiredAt, setExpiredAt] = useState(movesAtMount.current);
  useEffect(() => {
    if (moves === movesAtMount.current) return;
    const timer = setTimeout(() => setExpiredAt(moves), PRICE_FLASH_MS);
    return () => clearTimeout(timer);
  }, [moves]);
  const flashing = tick !== undefined && moves !== expiredAt && moves !== movesAtMount.current;
  return <span className={cn('rounded-sm', className, flashing && (tick.dir > 0 ? 'flash-up' : 'flash-down'))}>{children}</span>;
}
