import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TEXT, TRACK_TEXT, type Place } from '@sendero/contract';
import { renderWithProviders } from '@/test/render';
import { stubFetch } from '@/test/fetch-stub';
import { makePlace, PUBLIC_CONFIG, signIn, USER_ID } from '@/test/fixtures';
import type { Track, TrackSummary } from '@/features/places/api/track';
import PlaceDetailScreen from './place-detail';

const SUMMARY: TrackSummary = {
  distance_m: 12_345,
  ascent_m: 812.4,
  descent_m: 790,
  min_ele_m: 3_850,
  max_ele_m: 4_612,
  duration_min: 330,
  points: 1_234,
  updated_at: '2026-11-20T10:00:00.000Z',
};

/** A climb from 3,850 m to 4,612 m over 12.3 km, 101 profile points; the line heads east. */
function trackData(): Track {
  const profile: [number, number][] = Array.from({ length: 101 }, (_, i) => [i * 123.45, 3850 + Math.round(762 * Math.sin((i / 100) * Math.PI))]);
  const line: [number, number, number | null][][] = [Array.from({ length: 50 }, (_, i) => [-77.6 + i * 0.002, -9.05, 3850 + i * 10] as [number, number, number])];
  return { summary: SUMMARY, line, profile };
}

function setup(place: Partial<Place> & { track?: TrackSummary | null }) {
  signIn('user', USER_ID);
  const p = { ...makePlace({ name: 'Laguna Churup', lat: -9.05, lon: -77.6, ...place }), track: place.track ?? null } as Place;
  const net = stubFetch({
    [`GET /api/user/${USER_ID}`]: [200, { _id: USER_ID, role: 'user' }],
    [`GET /api/place/${p._id}`]: [200, p],
    [`GET /api/place/${p._id}/track`]: [200, trackData()],
    [`GET /api/rating/${p._id}`]: [200, []],
    [`GET /api/outing/place/${p._id}`]: [200, []],
    'GET /api/config': [200, PUBLIC_CONFIG],
  });
  renderWithProviders(<PlaceDetailScreen />, { route: `/buscar-destino/destino/${p._id}`, path: '/buscar-destino/destino/:id' });
  return { place: p, net, user: userEvent.setup() };
}

describe("'Recorrido' on the destination detail", () => {
  it('as a visitor I see the five figures of the track, its profile and the free GPX', async () => {
    const { place } = setup({ track: SUMMARY });
    const section = await screen.findByRole('region', { name: TRACK_TEXT.title });
    const figures = within(section).getByTestId('track-figures');
    const pairs = within(figures).getAllByRole('term').map((dt) => [dt.textContent, dt.nextElementSibling?.textContent ?? dt.previousElementSibling?.textContent]);
    expect(Object.fromEntries(pairs)).toEqual({
      [TRACK_TEXT.distance]: '12.3 km',
      [TRACK_TEXT.ascent]: '812 m',
      [TRACK_TEXT.descent]: '790 m',
      [TRACK_TEXT.maxEle]: '4,612 m',
      [TRACK_TEXT.duration]: '5 h 30 min',
    });
    expect(await within(section).findByText(TRACK_TEXT.profile)).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: TRACK_TEXT.download })).toHaveAttribute('href', `/api/place/${place._id}/track.gpx`);
  });

  it('as a visitor I step along the profile with the arrow keys, and a marker follows on the map', async () => {
    setup({ track: SUMMARY });
    const slider = await screen.findByRole('slider', { name: TRACK_TEXT.profilePosition });
    expect(slider).toHaveAttribute('aria-valuemax', '12.3');
    const map = await screen.findByRole('region', { name: TEXT.detail.trailheadMap('Laguna Churup') });
    // The line is drawn once GET …/track has answered.
    await waitFor(() => expect(map.querySelector('path.sd-track-line')).not.toBeNull());
    expect(map.querySelector('.sd-track-cursor')).toBeNull();

    slider.focus();
    await waitFor(() => expect(slider).toHaveAttribute('aria-valuetext', 'Km 0.0: 3,850 m de altitud'));
    const cursor = () => map.querySelector('path.sd-track-cursor')?.getAttribute('data-latlng');
    await waitFor(() => expect(cursor()).toBe('-9.05,-77.6'));
    const atStart = cursor();

    fireEvent.keyDown(slider, { key: 'ArrowRight' });
    // 1 % of 101 points is one point: 123 m along.
    await waitFor(() => expect(slider).toHaveAttribute('aria-valuetext', 'Km 0.1: 3,874 m de altitud'));
    fireEvent.keyDown(slider, { key: 'PageUp' });
    await waitFor(() => expect(slider).toHaveAttribute('aria-valuenow', '1.4'));
    // 11 % of the way: 11 % of the line's 0.098 degrees east.
    await waitFor(() => expect(cursor()).toBe('-9.05,-77.58922'));
    expect(atStart).not.toBe(cursor());
    fireEvent.keyDown(slider, { key: 'End' });
    await waitFor(() => expect(slider).toHaveAttribute('aria-valuetext', 'Km 12.3: 3,850 m de altitud'));
    fireEvent.keyDown(slider, { key: 'ArrowRight' });
    expect(slider).toHaveAttribute('aria-valuenow', '12.3');
    fireEvent.keyDown(slider, { key: 'Home' });
    await waitFor(() => expect(slider).toHaveAttribute('aria-valuenow', '0'));
    fireEvent.keyDown(slider, { key: 'ArrowLeft' });
    expect(slider).toHaveAttribute('aria-valuenow', '0');
    // The position is also written under the chart.
    expect(screen.getByText('Km 0.0: 3,850 m de altitud', { selector: 'p' })).toBeInTheDocument();

    slider.blur();
    await waitFor(() => expect(map.querySelector('.sd-track-cursor')).toBeNull());
  });

  it("a place without a track shows no 'Recorrido' and asks for none", async () => {
    const { net, place } = setup({ track: null });
    await screen.findByRole('heading', { level: 1, name: 'Laguna Churup' });
    await screen.findByRole('region', { name: TEXT.detail.trailheadMap('Laguna Churup') });
    expect(screen.queryByRole('region', { name: TRACK_TEXT.title })).toBeNull();
    expect(net.calls.some((c) => c.path === `/api/place/${place._id}/track`)).toBe(false);
  });

  it("a track without elevation says so instead of drawing a profile, and its figures say 'Sin datos'", async () => {
    const flat: TrackSummary = { ...SUMMARY, ascent_m: null, descent_m: null, min_ele_m: null, max_ele_m: null, duration_min: 185 };
    signIn('user', USER_ID);
    const p = { ...makePlace({ name: 'Laguna Churup', lat: -9.05, lon: -77.6 }), track: flat } as Place;
    stubFetch({
      [`GET /api/user/${USER_ID}`]: [200, { _id: USER_ID, role: 'user' }],
      [`GET /api/place/${p._id}`]: [200, p],
      [`GET /api/place/${p._id}/track`]: [200, { summary: flat, line: trackData().line, profile: [] }],
      [`GET /api/rating/${p._id}`]: [200, []],
      [`GET /api/outing/place/${p._id}`]: [200, []],
      'GET /api/config': [200, PUBLIC_CONFIG],
    });
    renderWithProviders(<PlaceDetailScreen />, { route: `/buscar-destino/destino/${p._id}`, path: '/buscar-destino/destino/:id' });
    expect(await screen.findByText(TRACK_TEXT.noElevation)).toBeInTheDocument();
    expect(screen.getAllByText(TRACK_TEXT.noData)).toHaveLength(3);
    expect(screen.getByText('3 h 5 min')).toBeInTheDocument();
    expect(screen.queryByRole('slider')).toBeNull();
  });
});
