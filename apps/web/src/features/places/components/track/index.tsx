import { useEffect, useRef, useState, type ComponentType } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import { ACTION_TEXT, TRACK_TEXT } from '@sendero/contract';
import { useNearViewport, usePageScrolled } from '@/lib/use-near-viewport';
import { loadedTrackSection, loadTrackSection } from './load';
import type { TrackSectionProps } from './track-section';

type Loading = { Section: ComponentType<TrackSectionProps> } | { Section?: undefined; failed: boolean };

/** Where the section's code comes from: `./load` (a test passes its own). */
export interface TrackChunk {
  loaded: () => ComponentType<TrackSectionProps> | undefined;
  load: () => Promise<{ default: ComponentType<TrackSectionProps> }>;
}

const CHUNK: TrackChunk = { loaded: loadedTrackSection, load: loadTrackSection };

/** How far below the screen the section's chunk starts loading (also once the page is scrolled at all). */
const LOAD_MARGIN = '0px 0px 25% 0px';

/**
 * 'Recorrido' as the detail loads it: the section and the chart library are one chunk, fetched only for
 * a place with a track (docs/product.md#tracks), so the landing and the search page never pay for them.
 * Only this file and `./load` are imported statically. The chunk is loaded once the page is scrolled or
 * the section nears the screen (`LOAD_MARGIN`), not with the page: its evaluation (the chart library,
 * which makes its Intl formats and segmenters as it loads) was a ~220 ms task of a 4x slower phone right
 * after the detail hydrated, for a section a phone shows only once scrolled to.
 *
 * Arrived already and on the screen, the section renders in the detail's own commit. Otherwise a skeleton stands in until
 * it arrives, then the section renders at once: not through `lazy` and Suspense, where even a loaded
 * chunk shows the fallback first and React holds a revealed boundary back for up to 300 ms (the chart
 * painted 1.5 times later than the detail, bench/tracks-web.ts).
 */
export function TrackBlock({ chunk = CHUNK, ...props }: TrackSectionProps & { chunk?: TrackChunk }) {
  const [loading, setLoading] = useState<Loading>(() => {
    const Section = chunk.loaded();
    return Section ? { Section } : { failed: false };
  });

  const box = useRef<HTMLDivElement>(null);
  const scrolled = usePageScrolled();
  const near = useNearViewport(box, LOAD_MARGIN) || scrolled;

  // Runs again on a retry, which sets a new `{ failed: false }`.
  useEffect(() => {
    if (!near || loading.Section || loading.failed) return;
    let live = true;
    chunk.load().then(
      ({ default: Section }) => live && setLoading({ Section }),
      // Offline before it was ever fetched, or a deployment in between: said, with a retry.
      () => live && setLoading({ failed: true }),
    );
    return () => {
      live = false;
    };
  }, [near, loading, chunk]);

  // The chart is drawn once the section is on the screen: at the bottom of the detail, it cost a phone's
  // 4x slower CPU ~550 ms in one task while the page loaded (docs/decisions/037-lighthouse-median-of-five.md).
  const inView = useNearViewport(box, '0px');

  if (loading.Section && inView) return <loading.Section {...props} />;
  if (!loading.Section && loading.failed) {
    return (
      <Alert
        severity="error"
        action={
          <Button
            color="inherit"
            size="small"
            onClick={() => setLoading({ failed: false })}
          >
            {ACTION_TEXT.retry}
          </Button>
        }
      >
        {TRACK_TEXT.loadFailed}
      </Alert>
    );
  }
  return (
    <div ref={box} data-testid="track-placeholder">
      <Skeleton variant="rounded" height={420} role="progressbar" aria-label={TRACK_TEXT.title} />
    </div>
  );
}
