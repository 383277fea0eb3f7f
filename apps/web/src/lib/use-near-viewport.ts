import { useEffect, useState, type RefObject } from 'react';

/**
 * True once the element is within `margin` (a CSS length, IntersectionObserver's rootMargin) of the
 * screen, and from then on: a part of a screen that is costly to make (a map, a chart) is made when the
 * person scrolls to it, not while the page loads. Without IntersectionObserver (old browsers, the
 * server's render) it is true at once, in the browser.
 */
export function useNearViewport(ref: RefObject<HTMLElement | null>, margin: string): boolean {
  const [near, setNear] = useState(() => typeof window !== 'undefined' && typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const el = ref.current;
    if (near || !el) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: margin },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [near, ref, margin]);
  return near;
}
