import { Component, lazy, Suspense, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import { ACTION_TEXT, TRACK_TEXT } from '@sendero/contract';
import { loadTrackSection } from './load';
import type { TrackSectionProps } from './track-section';

/**
 * 'Recorrido' as the detail loads it: the section and the chart library are one lazy chunk, fetched
 * only for a place with a track (docs/product.md#tracks), so the landing and the search page
 * never pay for them. Only this file and `./load` are imported statically; the detail's route loader
 * starts the chunk as soon as the place says it has a track (app/route-data.ts).
 */
const LazyTrackSection = lazy(loadTrackSection);

/** The section's code failed to load (offline before it was ever fetched, a deploy in between). */
class TrackBoundary extends Component<{ children: ReactNode }, { failed: boolean; attempt: number }> {
  override state = { failed: false, attempt: 0 };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    if (!this.state.failed) return <div key={this.state.attempt}>{this.props.children}</div>;
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => this.setState((s) => ({ failed: false, attempt: s.attempt + 1 }))}>
            {ACTION_TEXT.retry}
          </Button>
        }
      >
        {TRACK_TEXT.loadFailed}
      </Alert>
    );
  }
}

export function TrackBlock(props: TrackSectionProps) {
  return (
    <TrackBoundary>
      <Suspense fallback={<Skeleton variant="rounded" height={420} role="progressbar" aria-label={TRACK_TEXT.title} />}>
        <LazyTrackSection {...props} />
      </Suspense>
    </TrackBoundary>
  );
}
