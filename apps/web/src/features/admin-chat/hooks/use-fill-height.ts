import { useLayoutEffect, useState, type RefObject } from 'react';

/**
 * Height from the element's top to the bottom of the window, less the bottom padding of the page's
 * `main`, so a panel fits whatever layout holds it.
 */
export function useFillHeight(ref: RefObject<HTMLElement | null>): number | undefined {
  const [height, setHeight] = useState<number>();
  useLayoutEffect(() => {
    const measure = () => {
      const el = ref.current;
      if (!el) return;
      const main = el.closest('main');
      const gap = main ? Number.parseFloat(getComputedStyle(main).paddingBottom) || 0 : 0;
      setHeight(Math.max(320, window.innerHeight - el.getBoundingClientRect().top - window.scrollY - gap));
    };
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [ref]);
  return height;
}
