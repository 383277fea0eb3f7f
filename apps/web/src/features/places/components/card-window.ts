/** The first card of a carousel in view, from the row's scroll position and one card's width in px (0 before layout). */
export function firstInView(scrollLeft: number, slideWidth: number, count: number): number {
  if (!(slideWidth > 0)) return 0;
  return Math.max(0, Math.min(count - 1, Math.floor(scrollLeft / slideWidth + 0.01)));
}

/**
 * Which cards of a carousel to mount (docs/product.md#catalogue) when `first` is the first in view and the
 * row shows `slides`: those plus `overscan` on each side, whatever the number of results.
 */
export function windowFrom(first: number, slides: number, count: number, overscan = slides): { start: number; end: number } {
  return { start: Math.max(0, first - overscan), end: Math.min(count, first + slides + overscan) };
}
