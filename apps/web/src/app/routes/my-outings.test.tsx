import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { API, type MyOutings, type Role, TEXT } from '@sendero/contract';
import { routes } from '@/app/route-tree';
import { renderRoutes } from '@/test/render';
import { stubFetch, type FetchHandler } from '@/test/fetch-stub';
import { ADMIN_ID, makeAdmin, makeOuting, makeUser, signIn, USER_ID } from '@/test/fixtures';

function setup(role: Role, mine: () => MyOutings, handlers: Record<string, FetchHandler | [number, unknown]> = {}) {
  signIn(role);
  const id = role === 'admin' ? ADMIN_ID : USER_ID;
  const net = stubFetch({
    [`GET ${API.user(id)}`]: [200, makeUser({ role })],
    [`GET ${API.admin(id)}`]: [200, makeAdmin()],
    [`GET ${API.outingsMine}`]: () => [200, mine()],
    ...handlers,
  });
  const view = renderRoutes(routes, '/mis-salidas');
  const count = (key: string) => net.calls.filter((c) => `${c.method} ${c.path}` === key).length;
  return { ...view, count, user: userEvent.setup() };
}

describe('/mis-salidas', () => {
  it('as a hiker I see the outings I joined, upcoming and past, each with its place, and can leave an upcoming one', async () => {
    let upcoming = makeOuting({ joined: true, taken: 10, spots: 10 });
    const past = makeOuting({ joined: true, starts_at: '2020-03-01T12:00:00.000Z', place_name: 'Cerro San Cristóbal' });
    const s = setup('user', () => ({ joined: [upcoming, past], leading: [] }), {
      [`PUT ${API.outingLeave(upcoming._id)}`]: () => {
        upcoming = { ...upcoming, joined: false, taken: 9 };
        return [200, upcoming];
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: TEXT.menu.myOutings })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: TEXT.outings.joinedTitle });
    const [first, second] = within(list).getAllByRole('article');
    expect(within(first!).getByRole('link', { name: 'Laguna Churup' })).toHaveAttribute('href', `/buscar-destino/destino/${upcoming.id_place}`);
    expect(within(second!).getByText(TEXT.outings.done)).toBeInTheDocument();
    expect(within(second!).queryByRole('button')).not.toBeInTheDocument();
    // A hiker leads nothing: no section for it.
    expect(screen.queryByRole('heading', { name: TEXT.outings.leadingTitle })).not.toBeInTheDocument();
    // The menu item is there for every signed-in role.
    expect(within(screen.getByRole('navigation', { name: TEXT.menu.main })).getByRole('link', { name: TEXT.menu.myOutings })).toHaveAttribute('aria-current', 'page');

    // The outing is full: giving the spot back is asked first, saying someone else may take it.
    await s.user.click(within(first!).getByRole('button', { name: TEXT.outings.leave }));
    const ask = await screen.findByRole('dialog', { name: TEXT.outings.leaveQuestion });
    expect(ask).toHaveTextContent(TEXT.outings.leaveDetail(true));
    expect(s.count(`PUT ${API.outingLeave(upcoming._id)}`)).toBe(0);
    await s.user.click(within(ask).getByRole('button', { name: TEXT.outings.leave }));
    expect(await within(first!).findByRole('button', { name: TEXT.outings.join })).toBeInTheDocument();
    expect(s.count(`PUT ${API.outingLeave(upcoming._id)}`)).toBe(1);
  });

  it('as a guide I see the outings I lead with their participants, and an empty joined list', async () => {
    const led = makeOuting({ id_guide: USER_ID, taken: 1, participants: [{ _id: ADMIN_ID, name: 'Luis Quispe', photo_url: '' }] });
    setup('guide', () => ({ joined: [], leading: [led] }));
    expect(await screen.findByText(/Aún no te inscribiste en ninguna salida/)).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: TEXT.outings.leadingTitle });
    const card = within(list).getByRole('article');
    expect(within(card).getByRole('button', { name: TEXT.outings.people(1) })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: TEXT.outings.cancel })).toBeInTheDocument();
  });

  it('as a guide with nothing yet I am told how to organize one', async () => {
    setup('guide', () => ({ joined: [], leading: [] }));
    expect(await screen.findByText(TEXT.outings.leadingEmpty)).toBeInTheDocument();
  });

  it('says why when the list cannot be loaded, and loads it on retry', async () => {
    let down = true;
    const s = setup('user', () => ({ joined: [makeOuting({ joined: true })], leading: [] }), {
      [`GET ${API.outingsMine}`]: () => {
        if (down) throw new TypeError('Failed to fetch');
        return [200, { joined: [makeOuting({ joined: true })], leading: [] }];
      },
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('No pudimos conectar con el servidor');
    down = false;
    await s.user.click(within(alert).getByRole('button', { name: TEXT.actions.retry }));
    expect(await screen.findByRole('list', { name: TEXT.outings.joinedTitle })).toBeInTheDocument();
  });
});
