import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TEXT, TRACK_TEXT, type Place } from '@sendero/contract';
import { renderWithProviders } from '@/test/render';
import { stubFetch } from '@/test/fetch-stub';
import { makePlace, makeUser, PUBLIC_CONFIG, signIn, USER_ID } from '@/test/fixtures';
import { fillPlaceForm, uploadPlacePhoto } from '@/test/place-form';
import { stubXhr, type FakeXhr } from '@/test/xhr-stub';
import type { TrackSummary } from '@/features/places/api/track';
import CreatePlaceScreen from './create-place';
import PlaceDetailScreen from './place-detail';

const SUMMARY: TrackSummary = {
  distance_m: 8_650,
  ascent_m: 540,
  descent_m: 535,
  min_ele_m: 3_900,
  max_ele_m: 4_450,
  duration_min: 237,
  points: 900,
  updated_at: '2026-11-28T10:00:00.000Z',
};
const INVALID = 'El archivo no es un recorrido GPX o KML válido.';
const gpx = (name = 'churup.gpx') => new File(['<gpx version="1.1"><trk><trkseg></trkseg></trk></gpx>'], name, { type: 'application/gpx+xml' });

/** The track upload among the XHRs sent (the photos go to /api/upload). */
async function trackUpload(sent: FakeXhr[], placeId: string, nth = 1): Promise<FakeXhr> {
  let found: FakeXhr[] = [];
  await waitFor(() => {
    found = sent.filter((x) => x.url === `/api/place/${placeId}/track`);
    expect(found.length).toBeGreaterThanOrEqual(nth);
  });
  return found[nth - 1]!;
}

function figure(term: string): string | null | undefined {
  const dt = within(screen.getByTestId('track-figures')).getByText(term, { selector: 'dt' });
  return dt.nextElementSibling?.textContent ?? dt.previousElementSibling?.textContent;
}

describe("'Recorrido (GPX o KML, opcional)' in the create form", { timeout: 60_000 }, () => {
  function setup() {
    signIn('guide', USER_ID);
    let createdId = '';
    const net = stubFetch({
      [`GET /api/user/${USER_ID}`]: [200, makeUser({ _id: USER_ID, role: 'guide' })],
      'GET /api/config': [200, PUBLIC_CONFIG],
      'POST /api/place/create': (body) => {
        const place = makePlace({ ...(body as object), verified: false });
        createdId = place._id;
        return [201, place];
      },
    });
    const sent = stubXhr();
    renderWithProviders(<CreatePlaceScreen />, { route: '/crear-destino', path: '/crear-destino' });
    return { net, sent, createdId: () => createdId, user: userEvent.setup() };
  }

  async function fillAndSend(s: ReturnType<typeof setup>, file: File) {
    await uploadPlacePhoto(s.user, s.sent, 'churup');
    await fillPlaceForm(s.user, {
      name: 'Laguna Churup',
      difficulty: 'Media',
      capacity: '20',
      time_min: '4',
      time_max: '6',
      time_city: '1',
      city: 'Huaraz',
      description: 'Una laguna.',
      how_to_get: 'Combi.',
      tips: 'Agua.',
    });
    await s.user.upload(screen.getByLabelText(TRACK_TEXT.formField), file);
    expect(screen.getByText(TRACK_TEXT.chosen(file.name))).toBeInTheDocument();
    const finish = screen.getByRole('button', { name: TEXT.placeForm.finish });
    await waitFor(() => expect(finish).toBeEnabled());
    await s.user.click(finish);
    await screen.findByText(TEXT.places.created);
  }

  it('as a guide I choose a GPX while proposing a destination; once it is created the file is sent and I see its figures', async () => {
    const s = setup();
    await fillAndSend(s, gpx());
    const put = await trackUpload(s.sent, s.createdId());
    expect(put.method).toBe('PUT');
    expect(put.file()?.name).toBe('churup.gpx');
    expect(screen.getByRole('progressbar', { name: TRACK_TEXT.uploading })).toBeInTheDocument();
    act(() => put.respond(200, { track: SUMMARY }));
    expect(await screen.findByText(TRACK_TEXT.saved)).toBeInTheDocument();
    expect(figure(TRACK_TEXT.distance)).toBe('8.7 km');
    expect(figure(TRACK_TEXT.ascent)).toBe('540 m');
    expect(figure(TRACK_TEXT.descent)).toBe('535 m');
    expect(figure(TRACK_TEXT.maxEle)).toBe('4,450 m');
    expect(figure(TRACK_TEXT.duration)).toBe('3 h 57 min');
    expect(screen.getByRole('button', { name: TRACK_TEXT.remove })).toBeInTheDocument();
  });

  it("a file the server refuses shows its Spanish sentence, the destination being created, and another file can be sent", async () => {
    const s = setup();
    await fillAndSend(s, gpx('foto.gpx'));
    const put = await trackUpload(s.sent, s.createdId());
    act(() => put.respond(400, { error: { code: 'INVALID_TRACK', message: INVALID } }));
    expect(await screen.findByText(`${TRACK_TEXT.notSavedAfterCreate} ${INVALID}`)).toBeInTheDocument();
    expect(screen.getByText(TEXT.places.created)).toBeInTheDocument();
    await s.user.upload(screen.getByLabelText(TRACK_TEXT.formField), gpx('bueno.gpx'));
    const again = await trackUpload(s.sent, s.createdId(), 2);
    expect(again.file()?.name).toBe('bueno.gpx');
    act(() => again.respond(200, { track: SUMMARY }));
    expect(await screen.findByText(TRACK_TEXT.saved)).toBeInTheDocument();
    expect(screen.queryByText(INVALID, { exact: false })).toBeNull();
  });

  it('a file over 10 MB is refused before it is sent', async () => {
    const s = setup();
    const big = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'enorme.gpx');
    await s.user.upload(screen.getByLabelText(TRACK_TEXT.formField), big);
    expect(screen.getByText('El archivo supera el tamaño máximo de 10 MB.')).toBeInTheDocument();
    expect(screen.queryByText(TRACK_TEXT.chosen('enorme.gpx'))).toBeNull();
  });
});

describe("'Recorrido' in the edit form", { timeout: 60_000 }, () => {
  function setup(track: TrackSummary | null) {
    signIn('guide', USER_ID);
    const place = { ...makePlace({ name: 'Laguna Churup', id_user: USER_ID, lat: -9.05, lon: -77.6 }), track } as Place;
    let deleted = 0;
    const net = stubFetch({
      [`GET /api/user/${USER_ID}`]: [200, makeUser({ _id: USER_ID, role: 'guide' })],
      [`GET /api/place/${place._id}`]: () => [200, deleted ? { ...place, track: null } : place],
      [`GET /api/place/${place._id}/track`]: [200, { summary: SUMMARY, line: [[[-77.6, -9.05, 3900], [-77.59, -9.04, 4000]]], profile: [[0, 3900], [1500, 4000]] }],
      [`DELETE /api/place/${place._id}/track`]: () => {
        deleted += 1;
        return [200, { _id: place._id, deleted: true }];
      },
      [`GET /api/rating/${place._id}`]: [200, []],
      [`GET /api/outing/place/${place._id}`]: [200, []],
      'GET /api/config': [200, PUBLIC_CONFIG],
    });
    const sent = stubXhr();
    renderWithProviders(<PlaceDetailScreen />, { route: `/buscar-destino/destino/${place._id}`, path: '/buscar-destino/destino/:id' });
    return { place, net, sent, deleted: () => deleted, user: userEvent.setup() };
  }

  it("as the creator I see the track's figures in 'Configurar Destino' and remove it with 'Quitar recorrido'", async () => {
    const s = setup(SUMMARY);
    await s.user.click(await screen.findByRole('button', { name: TEXT.detail.configure }));
    // The edit form is loaded on first use.
    await screen.findByTestId('track-figures');
    expect(figure(TRACK_TEXT.distance)).toBe('8.7 km');
    await s.user.click(screen.getByRole('button', { name: TRACK_TEXT.remove }));
    const dialog = await screen.findByRole('dialog', { name: TRACK_TEXT.removeQuestion });
    await s.user.click(within(dialog).getByRole('button', { name: TRACK_TEXT.remove }));
    expect(await screen.findByText(TRACK_TEXT.removed)).toBeInTheDocument();
    expect(s.deleted()).toBe(1);
    expect(screen.queryByTestId('track-figures')).toBeNull();
    expect(await screen.findByRole('button', { name: TRACK_TEXT.pickFile })).toBeInTheDocument();
  });

  it('a file chosen while editing is sent at once, without saving the form', async () => {
    const s = setup(null);
    await s.user.click(await screen.findByRole('button', { name: TEXT.detail.configure }));
    await screen.findByRole('group', { name: TRACK_TEXT.formField });
    expect(screen.queryByTestId('track-figures')).toBeNull();
    await s.user.upload(screen.getByLabelText(TRACK_TEXT.formField), gpx());
    const put = await trackUpload(s.sent, s.place._id);
    act(() => {
      put.progress(50, 100);
    });
    expect(screen.getByText('50%')).toBeInTheDocument();
    act(() => put.respond(200, { track: SUMMARY }));
    expect(await screen.findByText(TRACK_TEXT.saved)).toBeInTheDocument();
    expect(figure(TRACK_TEXT.duration)).toBe('3 h 57 min');
    expect(s.net.calls.some((c) => c.method === 'PUT')).toBe(false);
  });
});
