import { useLayoutEffect, useState, type RefObject } from 'react';

/** Height from the element's top to the bottom of the window, so a panel fits whatever layout holds it. */
export function useFillHeight(ref: RefObject<HTMLElement | null>, bottomGapPx = 0): number | undefined {
  const [height, setHeight] = useState<number>();
  useLayoutEffect(() => {
    const measure = () => {
      const el = ref.current;
      if (el) setHeight(Math.max(320, window.innerHeight - el.getBoundingClientRect().top - window.scrollY - bottomGapPx));
    };
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [ref, bottomGapPx]);
  return height;
}
