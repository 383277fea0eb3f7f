import { memo, startTransition, useCallback, useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import { CARD_TEXT, type SlideBreakpoint } from '@sendero/contract';
import { isHydrating } from '@/boot/hydration';
import { useSlides } from '@/lib/use-slides';
import css from './card-carousel.module.css';
import { firstInView, windowFrom } from './card-window';
import { PlaceCard, PlaceCardSkeleton, type CardPlace } from './place-card';

/**
 * The cards' widths from the same breakpoints in CSS (--sd-slides per media query), not from the count
 * JavaScript measures: a screen the server rendered (src/boot/serve-render.tsx) knows no viewport, and
 * its cards must already have their width on a phone before the app runs.
 */
const slidesSxOf = new WeakMap<readonly SlideBreakpoint[], Record<string, unknown>>();
function slidesSx(breakpoints: readonly SlideBreakpoint[]): Record<string, unknown> {
  let sx = slidesSxOf.get(breakpoints);
  if (!sx) {
    sx = { '--sd-slides': breakpoints[breakpoints.length - 1]?.slides ?? 1 };
    // The first breakpoint that holds wins, as in useSlides: the narrowest rule comes last.
    for (const bp of [...breakpoints].reverse()) sx[`@media (max-width:${bp.maxWidth}px)`] = { '--sd-slides': bp.slides };
    slidesSxOf.set(breakpoints, sx);
  }
  return sx;
}
/** The photos' `sizes`, from the breakpoints too: the same on the server and in the browser. */
const sizesOf = (breakpoints: readonly SlideBreakpoint[]) =>
  [...breakpoints.map((bp) => `(max-width: ${bp.maxWidth}px) ${Math.ceil(100 / bp.slides)}vw`), `${Math.ceil(100 / (breakpoints[breakpoints.length - 1]?.slides ?? 1))}vw`].join(', ');
const slideFlex = (cards: number) => `0 0 calc(${cards} * 100% / var(--sd-slides))`;

interface CardCarouselProps<P extends CardPlace> {
  places: readonly P[];
  /** LANDING_ or SEARCH_CAROUSEL_BREAKPOINTS of the contract (docs/product.md#constants). */
  breakpoints: readonly SlideBreakpoint[];
  /** Accessible name of the carousel. */
  label: string;
  loading?: boolean;
  /** Load the photos of the first visible cards at once (when the carousel is above the fold). */
  eager?: boolean;
  /** Extra control on each card (the search page's 'Guardar'), composed by the route. */
  cardAction?: (place: P) => ReactNode;
  /** An extra line on each card (the distance 'a N km' in the 'Más cerca de mí' order). */
  cardNote?: (place: P) => string | null;
  /** Called when the last cards come into view (to load more), at most once per length of `places`. */
  onEndReached?: () => void;
  /** When this changes (new filters, so other results), the row scrolls back to its first card. */
  resetKey?: string;
}

/**
 * Place cards in a row showing 1 to 5 cards by viewport width (docs/product.md#constants). Built on native CSS
 * scroll snapping rather than embla: swipe, trackpad and keyboard scrolling come from the browser,
 * and the landing page stays within its JavaScript budget (embla is ~8 KB gzip).
 *
 * Only the cards in view and one page on each side are mounted (docs/product.md#catalogue): spacers stand
 * for the others, so 10,000 results cost what 15 do. Home and End jump to the first and last card.
 */
function CardCarouselView<P extends CardPlace>({ places, breakpoints, label, loading = false, eager = false, cardAction, cardNote, onEndReached, resetKey }: CardCarouselProps<P>) {
  const slides = useSlides(breakpoints);
  const track = useRef<HTMLDivElement>(null);
  const count = loading ? slides : places.length;
  // What the row's scroll position shows: whether there are cards before and after, and the first card in
  // view. It starts at its first card, with more after it when there are more than it shows, so the
  // measure after the first commit changes nothing (on a screen the server rendered, a change there ran
  // all of the hydration's effects in one long task). The cards mounted around the first follow from it
  // in the render, so a new count of cards per screen (the phone's own, a transition after the
  // hydration: use-slides.ts) changes them in that render rather than in a measure after its commit,
  // which React would render at once.
  const [view, setView] = useState(() => ({ canPrev: false, canNext: !loading && places.length > slides, first: 0 }));
  const { canPrev, canNext, first } = view;
  // The view as last set: a measure that finds it unchanged sets nothing (a state set to its own value
  // can still cost React a render of its own, inside the commit whose effect measured).
  const shown = useRef(view);
  useLayoutEffect(() => {
    shown.current = view;
  }, [view]);
  // Rendered for no particular screen (by the server, and so while hydrating that render): the cards a
  // wide screen shows and none beside them, which a phone would parse, lay out and hydrate only to unmount.
  const [bare, setBare] = useState(() => typeof window === 'undefined' || isHydrating());
  const range = windowFrom(Math.min(first, Math.max(0, count - 1)), slides, count, bare ? 0 : slides);
  const endReportedFor = useRef(-1);

  const update = useCallback(() => {
    const el = track.current;
    if (!el) return;
    const next = { canPrev: el.scrollLeft > 1, canNext: el.scrollLeft + el.clientWidth < el.scrollWidth - 1, first: firstInView(el.scrollLeft, el.clientWidth / slides, count) };
    const was = shown.current;
    if (next.canPrev === was.canPrev && next.canNext === was.canNext && next.first === was.first) return;
    shown.current = next;
    setView(next);
  }, [slides, count]);

  useLayoutEffect(() => {
    // Hydrating, the row is as the server rendered it: measured below, once painted.
    if (!isHydrating()) update();
  }, [update, places, loading]);

  // A row the server rendered: the cards beside the visible ones and the measure (the arrows, for this
  // screen) come after the hydration has painted, in a render of their own, not in its commit, where the
  // measure forced a layout and any change it found was rendered at once (src/boot/README.md).
  useEffect(() => {
    if (!bare) return;
    startTransition(() => {
      setBare(false);
      update();
    });
  }, [bare, update]);

  // Other results start at their first card, not where the previous ones were scrolled to.
  const shownKey = useRef(resetKey);
  useLayoutEffect(() => {
    if (shownKey.current === resetKey) return;
    shownKey.current = resetKey;
    const el = track.current;
    if (el) el.scrollLeft = 0;
    update();
  }, [resetKey, update]);

  useEffect(() => {
    const el = track.current;
    if (!el) return;
    let frame = 0;
    const onScroll = () => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        update();
      });
    };
    el.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', update);
    return () => {
      el.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', update);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [update]);

  useEffect(() => {
    if (!onEndReached || loading || places.length === 0) return;
    if (range.end >= places.length && endReportedFor.current !== places.length) {
      endReportedFor.current = places.length;
      onEndReached();
    }
  }, [range.end, places.length, loading, onEndReached]);

  const reduceMotion = () => typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

  const page = (direction: 1 | -1) => {
    const el = track.current;
    if (!el) return;
    el.scrollBy({ left: direction * el.clientWidth, behavior: reduceMotion() ? 'auto' : 'smooth' });
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const el = track.current;
    if (!el || (e.key !== 'Home' && e.key !== 'End')) return;
    e.preventDefault();
    el.scrollTo({ left: e.key === 'Home' ? 0 : el.scrollWidth, behavior: 'auto' });
    update();
  };

  const sizes = sizesOf(breakpoints);
  const start = Math.min(range.start, count);
  const end = Math.min(Math.max(range.end, start), count);

  return (
    <Box component="section" className={css.carousel} sx={slidesSx(breakpoints)} aria-roledescription={CARD_TEXT.carousel} aria-label={label} aria-busy={loading}>
      <IconButton aria-label={CARD_TEXT.previous} onClick={() => page(-1)} disabled={!canPrev || loading} className={`${css.arrow} ${css.prev}`}>
        <ChevronLeft />
      </IconButton>
      <div ref={track} className={css.track} data-testid="card-carousel-track" tabIndex={0} aria-label={CARD_TEXT.track(label)} onKeyDown={onKeyDown}>
        {start > 0 && <div aria-hidden="true" className={css.spacer} style={{ flex: slideFlex(start) }} />}
        {Array.from({ length: end - start }, (_, k) => {
          const i = start + k;
          const place = places[i];
          // Keyed by position: other results (a keystroke) update the mounted cards' text in place
          // instead of unmounting and mounting every card (docs/product.md#catalogue).
          return (
            <div
              key={i}
              role="group"
              aria-roledescription="diapositiva"
              aria-label={CARD_TEXT.slide(i + 1, count)}
              className={css.slide}
              style={{ flex: slideFlex(1) }}
            >
              {loading || !place ? <PlaceCardSkeleton /> : <PlaceCard place={place} eager={eager && i < slides} sizes={sizes} action={cardAction?.(place)} note={cardNote?.(place)} />}
            </div>
          );
        })}
        {end < count && <div aria-hidden="true" className={css.spacer} style={{ flex: slideFlex(count - end) }} />}
      </div>
      <IconButton aria-label={CARD_TEXT.next} onClick={() => page(1)} disabled={!canNext || loading} className={`${css.arrow} ${css.next}`}>
        <ChevronRight />
      </IconButton>
    </Box>
  );
}

/**
 * Memoized: a parent that re-renders on each keystroke (the search fields) does not re-render the
 * cards unless the results, or another prop, changed (pass stable cardAction/cardNote/onEndReached).
 */
export const CardCarousel = memo(CardCarouselView) as typeof CardCarouselView;
