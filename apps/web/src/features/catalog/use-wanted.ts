import { useEffect, useState, type RefObject } from 'react';

const WAKE_EVENTS = ['scroll', 'keydown', 'pointerdown', 'touchstart'] as const;

/**
 * Whether a part below the first screen is wanted yet: once the visitor scrolls, types, taps or
 * clicks, or the place it takes (`band`) comes within `margin` of the viewport (an
 * IntersectionObserver rootMargin). Until then its code need not load, so the first screen's start-up
 * does not pay for it (docs/performance.md, "First visit" and "Lighthouse").
 */
export function useWanted(band: RefObject<HTMLElement | null>, margin: string, initially = false): boolean {
  const [wanted, setWanted] = useState(initially);
  useEffect(() => {
    if (wanted) return;
    const want = () => setWanted(true);
    const options = { once: true, passive: true, capture: true };
    for (const type of WAKE_EVENTS) window.addEventListener(type, want, options);
    const observer =
      typeof IntersectionObserver === 'function'
        ? new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && want(), {
            rootMargin: margin,
          })
        : null;
    // Without IntersectionObserver (old browsers, test DOMs) it simply loads.
    if (!observer) want();
    else if (band.current) observer.observe(band.current);
    return () => {
      observer?.disconnect();
      for (const type of WAKE_EVENTS) window.removeEventListener(type, want, options);
    };
  }, [wanted, band, margin]);
  return wanted;
}
