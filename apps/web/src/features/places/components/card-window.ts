/**
 * Which cards of a carousel to mount (docs/product.md#catalogue): the ones in view plus `overscan` on
 * each side, whatever the number of results. `slideWidth` is one card's width in px (0 before layout).
 */
export function cardWindow(scrollLeft: number, slideWidth: number, slides: number, count: number, overscan = slides): { start: number; end: number } {
  return windowFrom(firstInView(scrollLeft, slideWidth, count), slides, count, overscan);
}

/** The first card in view, from the row's scroll position and one card's width (0 before layout). */
export function firstInView(scrollLeft: number, slideWidth: number, count: number): number {
  if (!(slideWidth > 0)) return 0;
  return Math.max(0, Math.min(count - 1, Math.floor(scrollLeft / slideWidth + 0.01)));
}

/** The cards to mount when `first` is the first in view and the row shows `slides`. */
export function windowFrom(first: number, slides: number, count: number, overscan = slides): { start: number; end: number } {
  return { start: Math.max(0, first - overscan), end: Math.min(count, first + slides + overscan) };
}
