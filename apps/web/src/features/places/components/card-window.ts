/**
 * Which cards of a carousel to mount (docs/product.md#catalogue): the ones in view plus `overscan` on
 * each side, whatever the number of results. `slideWidth` is one card's width in px (0 before layout).
 */
export function cardWindow(scrollLeft: number, slideWidth: number, slides: number, count: number, overscan = slides): { start: number; end: number } {
  if (!(slideWidth > 0)) return { start: 0, end: Math.min(count, slides + overscan) };
  const first = Math.max(0, Math.min(count - 1, Math.floor(scrollLeft / slideWidth + 0.01)));
  return { start: Math.max(0, first - overscan), end: Math.min(count, first + slides + overscan) };
}
