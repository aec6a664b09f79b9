import { type RefObject, useEffect } from 'react';

/**
 * A mouse wheel over a row that scrolls sideways moves the row, toward its end for "down" in either
 * direction (leftwards in Arabic). At either end, and for trackpads that scroll sideways by
 * themselves, the wheel is left to the page. `ready` is when the row is in the DOM.
 */
export function useSidewaysWheel(row: RefObject<HTMLElement | null>, ready: boolean): void {
  useEffect(() => {
    const el = row.current;
    if (!el || !ready) return;
    const onWheel = (event: WheelEvent) => {
      if (event.ctrlKey || Math.abs(event.deltaX) >= Math.abs(event.deltaY)) return;
      const forward = event.deltaY * (event.deltaMode === WheelEvent.DOM_DELTA_LINE ? 16 : 1);
      const rtl = getComputedStyle(el).direction === 'rtl';
      // Distance from the row's start: scrollLeft runs from 0 towards negative values in RTL.
      const position = rtl ? -el.scrollLeft : el.scrollLeft;
      const end = el.scrollWidth - el.clientWidth;
      if ((forward > 0 && position >= end - 1) || (forward < 0 && position <= 0)) return;
      event.preventDefault();
      el.scrollLeft += rtl ? -forward : forward;
    };
    // Not passive: the page must not scroll while the row does.
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, [row, ready]);
}
