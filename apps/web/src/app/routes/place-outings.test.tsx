import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { isoToLimaLocal, MSG, type Outing, type OutingCreate, type Place, type Role, TEXT } from '@sendero/contract';
import { renderWithProviders } from '@/test/render';
import { stubFetch, type FetchHandler } from '@/test/fetch-stub';
import { ADMIN_ID, makeAdmin, makeOuting, makePlace, makeUser, PUBLIC_CONFIG, signIn, USER_ID } from '@/test/fixtures';
import PlaceDetailScreen from './place-detail';

const GUIDE_ID = '66666666-6666-4666-8666-666666666666';

/** An outing of the place on screen, led by GUIDE_ID, 7 of its 10 spots taken. */
function outing(overrides: Partial<Outing> = {}): Outing {
  return makeOuting({ id_place: 'x', id_guide: GUIDE_ID, meeting_point: 'Plaza de Armas de Huaraz', taken: 7, ...overrides });
}

interface Setup {
  role?: Role;
  me?: string;
  place?: Partial<Place>;
  outings?: () => Outing[];
  handlers?: Record<string, FetchHandler | [number, unknown]>;
}

function setup({ role = 'user', me, place: overrides = {}, outings = () => [], handlers = {} }: Setup = {}) {
  const id = me ?? (role === 'admin' ? ADMIN_ID : USER_ID);
  signIn(role, id);
  const place = makePlace({ name: 'Laguna Churup', capacity: 12, ...overrides });
  const net = stubFetch({
    [`GET /api/user/${id}`]: [200, makeUser({ _id: id, role })],
    [`GET /api/admin/${id}`]: [200, makeAdmin({ _id: id })],
    [`GET /api/place/${place._id}`]: [200, place],
    [`GET /api/rating/${place._id}`]: [200, []],
    'GET /api/config': [200, PUBLIC_CONFIG],
    [`GET /api/outing/place/${place._id}`]: () => [200, outings().map((o) => ({ ...o, id_place: place._id }))],
    ...handlers,
  });
  renderWithProviders(<PlaceDetailScreen />, { route: `/buscar-destino/destino/${place._id}`, path: '/buscar-destino/destino/:id' });
  const count = (key: string) => net.calls.filter((c) => `${c.method} ${c.path}` === key).length;
  return { place, net, count, user: userEvent.setup() };
}

const section = () => screen.findByRole('region', { name: TEXT.outings.title });
const card = (date: string) => screen.findByRole('article', { name: date });

describe("destination detail: 'Próximas salidas'", { timeout: 30_000 }, () => {
  it('as a user I see each outing with its Lima date, meeting point, guide and spots left', async () => {
    const open = outing({ description: 'Llevar abrigo y agua.' });
    const full = outing({ starts_at: '2030-12-08T13:30:00.000Z', taken: 10 });
    const cancelled = outing({ starts_at: '2030-12-09T15:00:00.000Z', status: 'cancelada', taken: 0 });
    const one = outing({ starts_at: '2030-12-10T11:00:00.000Z', spots: 5, taken: 4 });
    setup({ outings: () => [open, full, cancelled, one] });
    const region = await section();
    const first = await card('sábado, 7 de diciembre de 2030, 6:00 a. m.');
    expect(within(first).getByText(TEXT.outings.meetingPoint).nextElementSibling).toHaveTextContent('Plaza de Armas de Huaraz');
    expect(within(first).getByText('Rosa Huamán')).toBeInTheDocument();
    expect(within(first).getByText('Llevar abrigo y agua.')).toBeInTheDocument();
    expect(within(first).getByText('Quedan 3 cupos')).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: TEXT.outings.join })).toBeEnabled();

    const second = await card('domingo, 8 de diciembre de 2030, 8:30 a. m.');
    expect(within(second).getByText(TEXT.outings.full)).toBeInTheDocument();
    expect(within(second).queryByRole('button', { name: TEXT.outings.join })).not.toBeInTheDocument();
    const third = await card('lunes, 9 de diciembre de 2030, 10:00 a. m.');
    expect(within(third).getByText(TEXT.outings.cancelled)).toBeInTheDocument();
    expect(within(third).queryByRole('button')).not.toBeInTheDocument();
    expect(within(await card('martes, 10 de diciembre de 2030, 6:00 a. m.')).getByText('Queda 1 cupo')).toBeInTheDocument();

    // A hiker neither organizes nor sees who joined.
    expect(within(region).queryByRole('button', { name: TEXT.outings.organize })).not.toBeInTheDocument();
    expect(within(region).queryByRole('button', { name: /Personas inscritas/ })).not.toBeInTheDocument();
    expect(within(region).queryByRole('button', { name: TEXT.outings.cancel })).not.toBeInTheDocument();
  });

  it('says so when no outing is planned', async () => {
    setup();
    expect(await within(await section()).findByText(TEXT.outings.none)).toBeInTheDocument();
  });

  it('as a user I take a spot and give it back', async () => {
    let current = outing();
    const s = setup({
      outings: () => [current],
      handlers: {
        [`PUT /api/outing/join/${current._id}`]: () => {
          current = { ...current, taken: current.taken + 1, joined: true };
          return [200, current];
        },
        [`PUT /api/outing/leave/${current._id}`]: () => {
          current = { ...current, taken: current.taken - 1, joined: false };
          return [200, current];
        },
      },
    });
    const item = await card('sábado, 7 de diciembre de 2030, 6:00 a. m.');
    await s.user.click(within(item).getByRole('button', { name: TEXT.outings.join }));
    expect(await within(item).findByRole('button', { name: TEXT.outings.leave })).toBeInTheDocument();
    expect(within(item).getByText(TEXT.outings.joined)).toBeInTheDocument();
    expect(within(item).getByText('Quedan 2 cupos')).toBeInTheDocument();

    await s.user.click(within(item).getByRole('button', { name: TEXT.outings.leave }));
    // One tap only asks: the spot is still mine until I confirm.
    const ask = await screen.findByRole('dialog', { name: TEXT.outings.leaveQuestion });
    expect(ask).toHaveTextContent(TEXT.outings.leaveDetail(false));
    expect(s.count(`PUT /api/outing/leave/${current._id}`)).toBe(0);
    await s.user.click(within(ask).getByRole('button', { name: TEXT.actions.back }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(item).getByText(TEXT.outings.joined)).toBeInTheDocument();

    await s.user.click(within(item).getByRole('button', { name: TEXT.outings.leave }));
    await s.user.click(within(await screen.findByRole('dialog', { name: TEXT.outings.leaveQuestion })).getByRole('button', { name: TEXT.outings.leave }));
    expect(await within(item).findByRole('button', { name: TEXT.outings.join })).toBeInTheDocument();
    expect(within(item).getByText('Quedan 3 cupos')).toBeInTheDocument();
    expect(within(item).queryByText(TEXT.outings.joined)).not.toBeInTheDocument();
    expect(s.count(`PUT /api/outing/join/${current._id}`)).toBe(1);
    expect(s.count(`PUT /api/outing/leave/${current._id}`)).toBe(1);
  });

  it('as a user who comes too late I am told the outing is full, and it shows as full', async () => {
    let current = outing({ taken: 9 });
    const s = setup({
      outings: () => [current],
      handlers: {
        [`PUT /api/outing/join/${current._id}`]: () => {
          // Someone else took the last spot meanwhile.
          current = { ...current, taken: 10 };
          return [409, { error: { code: 'CONFLICT', message: MSG.outingFull } }];
        },
      },
    });
    const item = await card('sábado, 7 de diciembre de 2030, 6:00 a. m.');
    expect(within(item).getByText('Queda 1 cupo')).toBeInTheDocument();
    await s.user.click(within(item).getByRole('button', { name: TEXT.outings.join }));
    expect(await within(item).findByText(MSG.outingFull)).toBeInTheDocument();
    expect(await within(item).findByText(TEXT.outings.full)).toBeInTheDocument();
    expect(within(item).queryByRole('button', { name: TEXT.outings.join })).not.toBeInTheDocument();
  });

  it('as a user I see the error toast when the server cannot be reached, and nothing changes', async () => {
    const current = outing();
    const s = setup({
      outings: () => [current],
      handlers: {
        [`PUT /api/outing/join/${current._id}`]: () => {
          throw new TypeError('Failed to fetch');
        },
      },
    });
    const item = await card('sábado, 7 de diciembre de 2030, 6:00 a. m.');
    await s.user.click(within(item).getByRole('button', { name: TEXT.outings.join }));
    expect(await screen.findByText(MSG.network)).toBeInTheDocument();
    expect(within(item).getByRole('button', { name: TEXT.outings.join })).toBeInTheDocument();
    expect(within(item).getByText('Quedan 3 cupos')).toBeInTheDocument();
  });

  it('as a guide I organize an outing; the form checks the Aforo and reads the date in Lima time', async () => {
    const created: Outing[] = [];
    let sent: OutingCreate | undefined;
    const s = setup({
      role: 'guide',
      me: GUIDE_ID,
      outings: () => created,
      handlers: {
        'POST /api/outing/create': (body) => {
          sent = body as OutingCreate;
          const made = outing({ starts_at: sent.starts_at, meeting_point: sent.meeting_point, spots: sent.spots, taken: 0, description: sent.description ?? '', participants: [] });
          created.push(made);
          return [201, made];
        },
      },
    });
    const region = await section();
    await s.user.click(await within(region).findByRole('button', { name: TEXT.outings.organize }));
    const dialog = await screen.findByRole('dialog', { name: new RegExp(TEXT.outings.organize) }, { timeout: 10_000 });
    expect(within(dialog).getByText('Laguna Churup')).toBeInTheDocument();

    await s.user.click(within(dialog).getByRole('button', { name: TEXT.outings.publish }));
    expect(await within(dialog).findByText(MSG.outingDateInvalid)).toBeInTheDocument();
    expect(within(dialog).getByText(MSG.meetingPointInvalid)).toBeInTheDocument();
    expect(within(dialog).getByText(MSG.spotsInvalid)).toBeInTheDocument();
    expect(sent).toBeUndefined();

    // Three days ahead at 06:00 in Lima.
    const day = isoToLimaLocal(Date.now() + 3 * 24 * 3600_000).slice(0, 10);
    await s.user.type(within(dialog).getByLabelText(TEXT.outings.date), `${day}T06:00`);
    await s.user.type(within(dialog).getByLabelText(TEXT.outings.meetingPoint), 'Óvalo de Huaraz');
    await s.user.type(within(dialog).getByLabelText(TEXT.outings.spots), '13');
    await s.user.type(within(dialog).getByLabelText(TEXT.outings.description), 'Salimos puntuales.');
    await s.user.click(within(dialog).getByRole('button', { name: TEXT.outings.publish }));
    expect(await within(dialog).findByText(MSG.spotsOverCapacity)).toBeInTheDocument();
    expect(sent).toBeUndefined();

    await s.user.clear(within(dialog).getByLabelText(TEXT.outings.spots));
    await s.user.type(within(dialog).getByLabelText(TEXT.outings.spots), '12');
    await s.user.click(within(dialog).getByRole('button', { name: TEXT.outings.publish }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent).toEqual({ id_place: s.place._id, starts_at: `${day}T11:00:00.000Z`, meeting_point: 'Óvalo de Huaraz', spots: 12, description: 'Salimos puntuales.' });
    // The list is reloaded: the new outing shows with all its spots, and its guide may cancel it.
    const item = await within(region).findByRole('article');
    expect(within(item).getByText('Quedan 12 cupos')).toBeInTheDocument();
    expect(within(item).getByRole('button', { name: TEXT.outings.people(0) })).toBeInTheDocument();
    expect(within(item).queryByRole('button', { name: TEXT.outings.join })).not.toBeInTheDocument();
  });

  it("as a guide the server's refusal shows in the dialog and what I typed stays", async () => {
    const s = setup({
      role: 'guide',
      me: GUIDE_ID,
      handlers: { 'POST /api/outing/create': [403, { error: { code: 'FORBIDDEN', message: MSG.outingGuidesOnly } }] },
    });
    await s.user.click(await within(await section()).findByRole('button', { name: TEXT.outings.organize }));
    const dialog = await screen.findByRole('dialog', { name: new RegExp(TEXT.outings.organize) }, { timeout: 10_000 });
    const day = isoToLimaLocal(Date.now() + 3 * 24 * 3600_000).slice(0, 10);
    await s.user.type(within(dialog).getByLabelText(TEXT.outings.date), `${day}T07:30`);
    await s.user.type(within(dialog).getByLabelText(TEXT.outings.meetingPoint), 'Terminal de Huaraz');
    await s.user.type(within(dialog).getByLabelText(TEXT.outings.spots), '5');
    await s.user.click(within(dialog).getByRole('button', { name: TEXT.outings.publish }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(MSG.outingGuidesOnly);
    expect(within(dialog).getByLabelText(TEXT.outings.meetingPoint)).toHaveValue('Terminal de Huaraz');
  });

  it('as the guide I see who joined and cancel the outing after confirming', async () => {
    let current = outing({ id_guide: GUIDE_ID, taken: 2, participants: [{ _id: USER_ID, name: 'Ana Pérez', photo_url: '' }, { _id: ADMIN_ID, name: 'Luis Quispe', photo_url: '' }] });
    const s = setup({
      role: 'guide',
      me: GUIDE_ID,
      outings: () => [current],
      handlers: {
        [`PUT /api/outing/cancel/${current._id}`]: () => {
          current = { ...current, status: 'cancelada' };
          return [200, current];
        },
      },
    });
    const item = await card('sábado, 7 de diciembre de 2030, 6:00 a. m.');
    const toggle = within(item).getByRole('button', { name: TEXT.outings.people(2) });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await s.user.click(toggle);
    const people = within(item).getByRole('list', { name: TEXT.outings.people(2) });
    expect(within(people).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['AAna Pérez', 'LLuis Quispe']);

    await s.user.click(within(item).getByRole('button', { name: TEXT.outings.cancel }));
    const confirm = await screen.findByRole('dialog', { name: TEXT.outings.cancelQuestion });
    expect(confirm).toHaveTextContent('A las 2 personas inscritas se les avisará que la salida fue cancelada.');
    // 'Volver' keeps the outing.
    await s.user.click(within(confirm).getByRole('button', { name: TEXT.actions.back }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(s.count(`PUT /api/outing/cancel/${current._id}`)).toBe(0);

    await s.user.click(within(item).getByRole('button', { name: TEXT.outings.cancel }));
    await s.user.click(within(await screen.findByRole('dialog', { name: TEXT.outings.cancelQuestion })).getByRole('button', { name: TEXT.outings.cancel }));
    expect(await within(item).findByText(TEXT.outings.cancelled)).toBeInTheDocument();
    expect(within(item).queryByRole('button', { name: TEXT.outings.cancel })).not.toBeInTheDocument();
    expect(s.count(`PUT /api/outing/cancel/${current._id}`)).toBe(1);
  });

  it('as an admin I may organize and cancel, but not join', async () => {
    setup({ role: 'admin', outings: () => [outing({ participants: [] })] });
    const region = await section();
    expect(await within(region).findByRole('button', { name: TEXT.outings.organize })).toBeInTheDocument();
    const item = await card('sábado, 7 de diciembre de 2030, 6:00 a. m.');
    expect(within(item).getByRole('button', { name: TEXT.outings.cancel })).toBeInTheDocument();
    expect(within(item).queryByRole('button', { name: TEXT.outings.join })).not.toBeInTheDocument();
  });

  it("as a guide I cannot organize on a place still in review, nor join my own outing", async () => {
    setup({ role: 'guide', me: GUIDE_ID, place: { verified: false, id_user: GUIDE_ID }, outings: () => [outing({ participants: [] })] });
    const item = await card('sábado, 7 de diciembre de 2030, 6:00 a. m.');
    expect(within(item).queryByRole('button', { name: TEXT.outings.join })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: TEXT.outings.organize })).not.toBeInTheDocument();
  });
});
