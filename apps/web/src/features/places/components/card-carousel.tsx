import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import IconButton from '@mui/material/IconButton';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import { slidesForWidth, type Place, type SlideBreakpoint } from '@sendero/contract';
import { useViewportWidth } from '@/lib/use-viewport-width';
import css from './card-carousel.module.css';
import { PlaceCard, PlaceCardSkeleton } from './place-card';

interface CardCarouselProps {
  places: readonly Place[];
  /** LANDING_ or SEARCH_CAROUSEL_BREAKPOINTS of the contract (docs/product.md#constants). */
  breakpoints: readonly SlideBreakpoint[];
  /** Accessible name of the carousel. */
  label: string;
  loading?: boolean;
  /** Load the photos of the first visible cards at once (when the carousel is above the fold). */
  eager?: boolean;
  /** Extra control on each card (the search page's 'Guardar'), composed by the route. */
  cardAction?: (place: Place) => ReactNode;
}

/**
 * Place cards in a row showing 1 to 5 cards by viewport width (docs/product.md#constants). Built on native CSS
 * scroll snapping rather than embla: swipe, trackpad and keyboard scrolling come from the browser,
 * and the landing page stays within its JavaScript budget (embla is ~8 KB gzip).
 */
export function CardCarousel({ places, breakpoints, label, loading = false, eager = false, cardAction }: CardCarouselProps) {
  const slides = slidesForWidth(useViewportWidth(), breakpoints);
  const track = useRef<HTMLDivElement>(null);
  const [canPrev, setCanPrev] = useState(false);
  const [canNext, setCanNext] = useState(false);

  const update = useCallback(() => {
    const el = track.current;
    if (!el) return;
    setCanPrev(el.scrollLeft > 1);
    setCanNext(el.scrollLeft + el.clientWidth < el.scrollWidth - 1);
  }, []);

  useEffect(() => {
    update();
    const el = track.current;
    if (!el) return;
    el.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    return () => {
      el.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
    };
  }, [update, slides, places, loading]);

  const page = (direction: 1 | -1) => {
    const el = track.current;
    if (!el) return;
    const reduce = typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    el.scrollBy({ left: direction * el.clientWidth, behavior: reduce ? 'auto' : 'smooth' });
  };

  const basis = `${100 / slides}%`;
  const sizes = `(max-width: 600px) 100vw, ${Math.ceil(100 / slides)}vw`;
  const count = loading ? slides : places.length;

  return (
    <section className={css.carousel} aria-roledescription="carrusel" aria-label={label} aria-busy={loading}>
      <IconButton aria-label="Anterior" onClick={() => page(-1)} disabled={!canPrev || loading} className={`${css.arrow} ${css.prev}`}>
        <ChevronLeft />
      </IconButton>
      <div ref={track} className={css.track} data-testid="card-carousel-track">
        {Array.from({ length: count }, (_, i) => {
          const place = places[i];
          return (
            <div
              key={place?._id ?? `skeleton-${i}`}
              role="group"
              aria-roledescription="diapositiva"
              aria-label={`${i + 1} de ${count}`}
              className={css.slide}
              style={{ flex: `0 0 ${basis}` }}
            >
              {loading || !place ? <PlaceCardSkeleton /> : <PlaceCard place={place} eager={eager && i < slides} sizes={sizes} action={cardAction?.(place)} />}
            </div>
          );
        })}
      </div>
      <IconButton aria-label="Siguiente" onClick={() => page(1)} disabled={!canNext || loading} className={`${css.arrow} ${css.next}`}>
        <ChevronRight />
      </IconButton>
    </section>
  );
}
