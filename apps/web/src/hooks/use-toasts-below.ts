import { useEffect, type RefObject } from 'react';

const GAP_PX = 8;

/**
 * Moves top-placed toasts below `ref`'s element while it is mounted (the Toaster reads the
 * `--toast-top` variable as its top offset), so a toast never covers the controls in it.
 */
export function useToastsBelow(ref: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const root = document.documentElement.style;
    const place = () => root.setProperty('--toast-top', `${Math.round(el.getBoundingClientRect().bottom) + GAP_PX}px`);
    place();
    const observer = new ResizeObserver(place);
    observer.observe(el);
    return () => {
      observer.disconnect();
      root.removeProperty('--toast-top');
    };
  }, [ref]);
}
