import { startTransition, useCallback, useEffect, useState } from 'react';
import { isHydrating } from '@/boot/hydration';
import { slidesForWidth, type SlideBreakpoint } from '@sendero/contract';

/** The media query that holds while the viewport is at most `maxWidth` CSS pixels wide. */
const upTo = (maxWidth: number) => `(max-width: ${maxWidth}px)`;

/**
 * How many cards a carousel shows (docs/product.md#constants), from media queries on the viewport's width.
 *
 * Not `window.innerWidth` on `resize`: on a phone that is the visual viewport, which widens (the
 * browser zooms out) whenever anything on the page is wider than the screen; a carousel sized by it
 * changes the page's width, which changes innerWidth again, until React gives up (maximum update
 * depth). A media query's width is the initial containing block's, set by the `viewport` meta tag
 * and the device alone: nothing on the page can move it, so this hook cannot feed back into the layout.
 */
export function useSlides(breakpoints: readonly SlideBreakpoint[]): number {
  const current = useCallback(() => {
    if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return fallbackSlides(breakpoints);
    for (const bp of breakpoints) if (window.matchMedia(upTo(bp.maxWidth)).matches) return bp.slides;
    return breakpoints[breakpoints.length - 1]?.slides ?? 1;
  }, [breakpoints]);
  // Hydrating a screen the server rendered, the count the server used (it knows no screen); the screen's
  // own count follows in a transition, a render of its own, rather than as a store's change, which React
  // renders synchronously inside the hydration's commit (src/boot/README.md). The cards' widths are CSS
  // and right from the first paint either way (card-carousel.tsx).
  const [slides, setSlides] = useState(() => (isHydrating() ? fallbackSlides(breakpoints) : current()));
  useEffect(() => {
    const next = current();
    if (next !== slides) startTransition(() => setSlides(next));
    if (typeof window.matchMedia !== 'function') return;
    const onChange = () => setSlides(current());
    const lists = breakpoints.map((bp) => window.matchMedia(upTo(bp.maxWidth)));
    for (const list of lists) list.addEventListener('change', onChange);
    return () => {
      for (const list of lists) list.removeEventListener('change', onChange);
    };
    // `slides` is read once per subscription: a change comes through the listeners.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [breakpoints, current]);
  return slides;
}

/** Without media queries (a renderer with no window): the count a 1280 px screen shows. */
const fallbackSlides = (breakpoints: readonly SlideBreakpoint[]) => slidesForWidth(1280, breakpoints);
