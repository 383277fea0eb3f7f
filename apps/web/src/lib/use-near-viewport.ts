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

/**
 * True once the page has been scrolled (or was already, as a page restored by Back is): the visitor reads
 * on, towards the parts below the screen. Those wait for it before their code is even evaluated: on a
 * phone that never scrolls, a map or a chart below the screen costs nothing.
 */
export function usePageScrolled(): boolean {
  const [scrolled, setScrolled] = useState(() => typeof window !== 'undefined' && window.scrollY > 0);
  useEffect(() => {
    if (scrolled) return;
    const onScroll = () => setScrolled(true);
    window.addEventListener('scroll', onScroll, { once: true, passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [scrolled]);
  return scrolled;
}
