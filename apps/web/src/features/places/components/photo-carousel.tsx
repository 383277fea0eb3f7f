import { useCallback, useEffect, useMemo, useState } from 'react';
import useEmblaCarousel from 'embla-carousel-react';
import Autoplay from 'embla-carousel-autoplay';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import { DETAIL_CAROUSEL, TEXT } from '@sendero/contract';
import { imageSrcSet, imageVariant } from '@/lib/images';

// Embla animates with a physics model, not a fixed time; 30 gives the ~500 ms slide of docs/product.md#constants.
const EMBLA_DURATION = 30;

function prefersReducedMotion(): boolean {
  // No window when the server renders the detail (src/boot/serve-render.tsx): the plugin only reads this once it runs, in the browser.
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** False until the browser is first idle after the component mounted (requestIdleCallback, or a task where there is none). */
function useIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (typeof requestIdleCallback !== 'function') {
      const timer = setTimeout(() => setIdle(true), 0);
      return () => clearTimeout(timer);
    }
    const id = requestIdleCallback(() => setIdle(true), { timeout: 2000 });
    return () => cancelIdleCallback(id);
  }, []);
  return idle;
}

interface PhotoCarouselProps {
  photos: string[];
  name: string;
}

/** The destination's photos: autoplay every 3 s, dots, pauses while hovered or focused. */
export function PhotoCarousel({ photos, name }: PhotoCarouselProps) {
  const plugins = useMemo(
    () => [
      Autoplay({
        delay: DETAIL_CAROUSEL.autoplayMs,
        stopOnMouseEnter: DETAIL_CAROUSEL.pauseOnHover,
        stopOnInteraction: false,
        stopOnFocusIn: true,
        playOnInit: !prefersReducedMotion(),
      }),
    ],
    [],
  );
  // Embla is made (it measures the slides: a forced layout) and starts autoplay once the browser is idle
  // after the detail shows (the photos are laid out by CSS until then), its viewport handed over only
  // then: Embla builds its engine even while inactive, and at once it was ~80-100 ms of a 4x slower phone
  // in the commit that shows the detail (docs/decisions/037-lighthouse-median-of-five.md).
  const idle = useIdle();
  const [emblaRef, emblaApi] = useEmblaCarousel({ loop: photos.length > 1, duration: EMBLA_DURATION }, plugins);
  const [selected, setSelected] = useState(0);

  useEffect(() => {
    if (!emblaApi) return;
    const onSelect = () => setSelected(emblaApi.selectedScrollSnap());
    onSelect();
    emblaApi.on('select', onSelect).on('reInit', onSelect);
    return () => {
      emblaApi.off('select', onSelect).off('reInit', onSelect);
    };
  }, [emblaApi]);

  const scrollTo = useCallback((i: number) => emblaApi?.scrollTo(i), [emblaApi]);

  if (photos.length === 0) return null;

  return (
    <Box
      component="section"
      aria-roledescription="carrusel"
      aria-label={TEXT.detail.photos(name)}
      sx={{ position: 'relative' }}
    >
      <Box ref={idle ? emblaRef : undefined} sx={{ overflow: 'hidden', borderRadius: 3, bgcolor: 'grey.100' }}>
        <Box sx={{ display: 'flex', touchAction: 'pan-y pinch-zoom' }}>
          {photos.map((url, i) => (
            <Box
              key={`${url}-${i}`}
              role="group"
              aria-roledescription="diapositiva"
              aria-label={TEXT.detail.photoSlide(i + 1, photos.length)}
              sx={{ flex: '0 0 100%', minWidth: 0 }}
            >
              <Box
                component="img"
                src={imageVariant(url, 800)}
                srcSet={imageSrcSet(url) ? `${imageSrcSet(url)}, ${url} 1600w` : undefined}
                sizes="(min-width: 900px) 50vw, 100vw"
                alt={TEXT.detail.photoAlt(name, i + 1, photos.length)}
                width={800}
                height={600}
                loading={i === 0 ? 'eager' : 'lazy'}
                sx={{ display: 'block', width: '100%', height: 'auto', aspectRatio: '4 / 3', objectFit: 'cover' }}
              />
            </Box>
          ))}
        </Box>
      </Box>
      {photos.length > 1 && (
        <>
          <IconButton
            aria-label={TEXT.detail.previousPhoto}
            onClick={() => emblaApi?.scrollPrev()}
            sx={navSx('left')}
          >
            <ChevronLeft />
          </IconButton>
          <IconButton
            aria-label={TEXT.detail.nextPhoto}
            onClick={() => emblaApi?.scrollNext()}
            sx={navSx('right')}
          >
            <ChevronRight />
          </IconButton>
          <Box sx={{ display: 'flex', justifyContent: 'center', gap: 0.5, mt: 1 }}>
            {photos.map((_, i) => (
              <Box
                key={i}
                component="button"
                type="button"
                aria-label={TEXT.detail.seePhoto(i + 1)}
                aria-current={i === selected ? 'true' : undefined}
                onClick={() => scrollTo(i)}
                sx={{
                  // 24 px target, 10 px visible dot.
                  width: 24,
                  height: 24,
                  p: 0,
                  border: 0,
                  bgcolor: 'transparent',
                  cursor: 'pointer',
                  display: 'grid',
                  placeItems: 'center',
                  borderRadius: '50%',
                  '&::after': {
                    content: '""',
                    width: 10,
                    height: 10,
                    borderRadius: '50%',
                    bgcolor: i === selected ? 'primary.main' : 'grey.400',
                    transition: 'background-color 200ms',
                  },
                  '&:focus-visible': { outline: '3px solid', outlineColor: 'secondary.main' },
                }}
              />
            ))}
          </Box>
        </>
      )}
    </Box>
  );
}

function navSx(side: 'left' | 'right') {
  return {
    position: 'absolute',
    top: 'calc(50% - 36px)',
    [side]: 8,
    bgcolor: 'rgba(255,255,255,0.85)',
    '&:hover': { bgcolor: '#fff' },
  } as const;
}
