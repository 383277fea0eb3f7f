import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UseQueryResult } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { ACTION_TEXT, TRACK_TEXT } from '@sendero/contract';
import type { Track } from '@/features/places/api/track';
import { TrackBlock, type TrackChunk } from './index';
import type { TrackSectionProps } from './track-section';

/** A stand-in for the real section: what matters here is when it shows. */
const Section = ({ place }: TrackSectionProps) => <p>{`Recorrido de ${place._id}`}</p>;
const PROPS: TrackSectionProps = {
  place: { _id: 'p1', verified: true, track: { distance_m: 1000, ascent_m: 10, descent_m: 10, min_ele_m: 1, max_ele_m: 2, duration_min: 20, points: 2, updated_at: '2026-11-20T10:00:00.000Z' } },
  track: {} as UseQueryResult<Track>,
  onCursor: () => undefined,
};

describe("'Recorrido' while its chunk arrives", () => {
  it('arrived already (an earlier visit to a detail): the section is there at the first render, with no placeholder and no second fetch', () => {
    const chunk: TrackChunk = { loaded: () => Section, load: vi.fn() };
    render(<TrackBlock {...PROPS} chunk={chunk} />);
    expect(screen.getByText('Recorrido de p1')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(chunk.load).not.toHaveBeenCalled();
  });

  it('not yet: a placeholder named after the section, then the section as soon as it arrives', async () => {
    let arrive!: (m: { default: typeof Section }) => void;
    const chunk: TrackChunk = { loaded: () => undefined, load: () => new Promise((resolve) => (arrive = resolve)) };
    render(<TrackBlock {...PROPS} chunk={chunk} />);
    expect(screen.getByRole('progressbar', { name: TRACK_TEXT.title })).toBeInTheDocument();
    arrive({ default: Section });
    expect(await screen.findByText('Recorrido de p1')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('a chunk that cannot be fetched (offline, a new deployment) says so, and the retry fetches it again', async () => {
    const load = vi.fn<TrackChunk['load']>().mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module')).mockResolvedValueOnce({ default: Section });
    render(<TrackBlock {...PROPS} chunk={{ loaded: () => undefined, load }} />);
    expect(await screen.findByText(TRACK_TEXT.loadFailed)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: ACTION_TEXT.retry }));
    expect(await screen.findByText('Recorrido de p1')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
