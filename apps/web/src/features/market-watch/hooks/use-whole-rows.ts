import { useCallback, useRef, useState } from 'react';

/**
 * The height, in whole rows, of a list that fills the box the returned ref is put on: a list of
 * rows of one height, sized so and snapped to its rows, ends on a row's edge instead of cutting one
 * in half. Undefined until the box has been measured. A callback ref: the box mounts only once the
 * list has loaded, and it is measured from then on, whatever resizes it.
 */
export function useWholeRows(rowPx: number) {
  const [height, setHeight] = useState<number>();
  const observer = useRef<ResizeObserver>(null);
  const ref = useCallback(
    (box: HTMLDivElement | null) => {
      observer.current?.disconnect();
      observer.current = null;
      if (!box) return;
      const measure = () => setHeight(Math.max(1, Math.floor(box.clientHeight / rowPx)) * rowPx);
      measure();
      observer.current = new ResizeObserver(measure);
      observer.current.observe(box);
    },
    [rowPx],
  );
  return [ref, height] as const;
}
