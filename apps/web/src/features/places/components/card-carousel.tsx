import { useCallback, useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import { slidesForWidth, type Place, type SlideBreakpoint } from '@sendero/contract';
import { useViewportWidth } from '@/lib/use-viewport-width';
import { PlaceCard, PlaceCardSkeleton } from './place-card';

interface CardCarouselProps {
  places: readonly Place[];
  /** LANDING_ or SEARCH_CAROUSEL_BREAKPOINTS of the contract (SPEC.md §9). */
  breakpoints: readonly SlideBreakpoint[];
  /** Accessible name of the carousel. */
  label: string;
  loading?: boolean;
  /** Load the photos of the first visible cards at once (when the carousel is above the fold). */
  eager?: boolean;
}

const arrowSx = {
  position: 'absolute',
  top: '38%',
  transform: 'translateY(-50%)',
  bgcolor: 'background.paper',
  boxShadow: 2,
  zIndex: 1,
  '&:hover': { bgcolor: 'grey.100' },
  '&.Mui-disabled': { display: 'none' },
} as const;

/**
 * Place cards in a row showing 1 to 5 cards by viewport width (SPEC.md §9). Built on native CSS
 * scroll snapping rather than embla: swipe, trackpad and keyboard scrolling come from the browser,
 * and the landing page stays within its JavaScript budget (embla is ~8 KB gzip).
 */
export function CardCarousel({ places, breakpoints, label, loading = false, eager = false }: CardCarouselProps) {
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
    <Box component="section" aria-roledescription="carrusel" aria-label={label} aria-busy={loading} sx={{ position: 'relative' }}>
      <IconButton aria-label="Anterior" onClick={() => page(-1)} disabled={!canPrev || loading} sx={{ ...arrowSx, left: { xs: 4, sm: -8 } }}>
        <ChevronLeft />
      </IconButton>
      <Box
        ref={track}
        data-testid="card-carousel-track"
        sx={{
          display: 'flex',
          overflowX: 'auto',
          scrollSnapType: 'x mandatory',
          scrollbarWidth: 'none',
          '&::-webkit-scrollbar': { display: 'none' },
          ml: -2,
          py: 1,
        }}
      >
        {Array.from({ length: count }, (_, i) => {
          const place = places[i];
          return (
            <Box
              key={place?._id ?? `skeleton-${i}`}
              role="group"
              aria-roledescription="diapositiva"
              aria-label={`${i + 1} de ${count}`}
              sx={{ flex: `0 0 ${basis}`, minWidth: 0, pl: 2, scrollSnapAlign: 'start' }}
            >
              {loading || !place ? <PlaceCardSkeleton /> : <PlaceCard place={place} eager={eager && i < slides} sizes={sizes} />}
            </Box>
          );
        })}
      </Box>
      <IconButton aria-label="Siguiente" onClick={() => page(1)} disabled={!canNext || loading} sx={{ ...arrowSx, right: { xs: 4, sm: -8 } }}>
        <ChevronRight />
      </IconButton>
    </Box>
  );
}
