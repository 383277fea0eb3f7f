import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { API, MSG, SESSION_STORAGE_KEY, TEXT } from '@sendero/contract';
import { routes } from '@/app/route-tree';
import { networkDown, stubFetch, type FetchHandler } from '@/test/fetch-stub';
import { ADMIN_ID, makeAdmin, makePlace, makeUser, signIn, USER_ID } from '@/test/fixtures';
import { renderRoutes } from '@/test/render';

// As long as the wait of src/test/setup.ts, sized for a busy two-core machine.
const wait = { timeout: 10_000 };

function setup(photo = '', extra: Record<string, FetchHandler | [number, unknown]> = {}) {
  signIn('user');
  const stub = stubFetch({ [`GET ${API.user(USER_ID)}`]: [200, makeUser({ photo_url: photo })], [`GET ${API.placesMine}`]: [200, []], ...extra });
  renderRoutes(routes, '/perfil');
  return stub;
}

async function openEdit() {
  await userEvent.click(await screen.findByRole('button', { name: TEXT.profile.edit }, wait));
}

describe('profile (/perfil)', () => {
  it('as a user I see my profile with the first words of my names in the title', async () => {
    setup();
    expect(await screen.findByRole('heading', { name: 'Perfil de Ana Pérez' }, wait)).toBeInTheDocument();
    expect(screen.getByText('Nombre')).toBeInTheDocument();
    expect(screen.getByText('Ana María')).toBeInTheDocument();
    expect(screen.getByText(TEXT.fields.lastname)).toBeInTheDocument();
    expect(screen.getByText('Pérez Soto')).toBeInTheDocument();
    expect(screen.getByText('Correo')).toBeInTheDocument();
    expect(screen.getByText('ana@example.com')).toBeInTheDocument();
  });

  it('offers Añadir Foto when I have no photo', async () => {
    setup();
    await openEdit();
    expect(screen.getByRole('button', { name: TEXT.upload.addPhoto })).toBeInTheDocument();
  });

  it('offers Cambiar Foto when I have a photo', async () => {
    setup('/uploads/abc.webp');
    await openEdit();
    expect(screen.getByRole('button', { name: TEXT.upload.changePhoto })).toBeInTheDocument();
  });

  it('Guardar is disabled while the passwords differ, with the mismatch message', async () => {
    setup();
    await openEdit();
    await userEvent.type(screen.getByLabelText('Contraseña'), 'secreto123');
    await userEvent.type(screen.getByLabelText('Confirmar Contraseña'), 'secreto12');
    expect(screen.getByRole('button', { name: TEXT.profile.save })).toBeDisabled();
    expect(screen.getByText(MSG.profileConfirmMismatch)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Confirmar Contraseña'), '3');
    expect(screen.getByRole('button', { name: TEXT.profile.save })).toBeEnabled();
    expect(screen.queryByText(MSG.profileConfirmMismatch)).not.toBeInTheDocument();
  });

  it('a password shorter than 8 characters shows the message and sends nothing', async () => {
    const { calls } = setup();
    await openEdit();
    await userEvent.type(screen.getByLabelText('Contraseña'), 'corta');
    await userEvent.type(screen.getByLabelText('Confirmar Contraseña'), 'corta');
    await userEvent.click(screen.getByRole('button', { name: TEXT.profile.save }));
    expect(await screen.findByText(MSG.passwordMin)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
  });

  it('a new password is saved with update1 together with the photo, and the new token is kept', async () => {
    const { calls } = setup('/uploads/abc.webp', {
      [`PUT ${API.userUpdate1(USER_ID)}`]: [200, { user: makeUser({ photo_url: '/uploads/abc.webp' }), token: 'token-2' }],
    });
    await openEdit();
    await userEvent.type(screen.getByLabelText('Contraseña'), 'nuevaClave1');
    await userEvent.type(screen.getByLabelText('Confirmar Contraseña'), 'nuevaClave1');
    await userEvent.click(screen.getByRole('button', { name: TEXT.profile.save }));
    expect(await screen.findByRole('button', { name: TEXT.profile.edit }, wait)).toBeInTheDocument();
    expect(screen.getByText(TEXT.profile.updated)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
      path: API.userUpdate1(USER_ID),
      body: { password: 'nuevaClave1', photo_url: '/uploads/abc.webp' },
    });
    expect(JSON.parse(window.localStorage.getItem(SESSION_STORAGE_KEY) ?? '{}')).toMatchObject({ token: 'token-2', _id: USER_ID });
  });

  it('with both password fields empty only the photo is saved, with update2', async () => {
    const { calls } = setup('/uploads/abc.webp', {
      [`PUT ${API.userUpdate2(USER_ID)}`]: [200, makeUser({ photo_url: '' })],
    });
    await openEdit();
    await userEvent.click(screen.getByRole('button', { name: TEXT.upload.removePhoto }));
    await userEvent.click(screen.getByRole('button', { name: TEXT.profile.save }));
    await screen.findByRole('button', { name: TEXT.profile.edit }, wait);
    expect(screen.getByText(TEXT.profile.updated)).toBeInTheDocument();
    const puts = calls.filter((c) => c.method === 'PUT');
    expect(puts).toEqual([expect.objectContaining({ path: API.userUpdate2(USER_ID), body: { photo_url: '' } })]);
  });

  it('Cancelar leaves edit mode without saving', async () => {
    const { calls } = setup();
    await openEdit();
    await userEvent.type(screen.getByLabelText('Contraseña'), 'nuevaClave1');
    await userEvent.click(screen.getByRole('button', { name: TEXT.actions.cancel }));
    expect(await screen.findByRole('button', { name: TEXT.profile.edit })).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
    expect(screen.queryByText(TEXT.profile.updated)).not.toBeInTheDocument();
  });

  it('a network failure shows the error toast and keeps the form as typed', async () => {
    setup('', { [`PUT ${API.userUpdate1(USER_ID)}`]: networkDown() });
    await openEdit();
    await userEvent.type(screen.getByLabelText('Contraseña'), 'nuevaClave1');
    await userEvent.type(screen.getByLabelText('Confirmar Contraseña'), 'nuevaClave1');
    await userEvent.click(screen.getByRole('button', { name: TEXT.profile.save }));
    expect(await screen.findByText(MSG.network, {}, wait)).toBeInTheDocument();
    expect(screen.getByLabelText('Contraseña')).toHaveValue('nuevaClave1');
    expect(screen.queryByText(TEXT.profile.updated)).not.toBeInTheDocument();
  });

  it('as an admin my profile comes from the admin record', async () => {
    signIn('admin');
    stubFetch({ [`GET ${API.admin(ADMIN_ID)}`]: [200, makeAdmin({ firstname: 'Carlos Alberto', lastname: 'Ramos Díaz' })] });
    renderRoutes(routes, '/perfil');
    expect(await screen.findByRole('heading', { name: 'Perfil de Carlos Ramos' }, wait)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('admin@example.com')).toBeInTheDocument());
  });

  it("as a creator I see 'Mis destinos': each place links to its page, 'En revisión' until verified, then 'Publicado'", async () => {
    setup('', {
      [`GET ${API.placesMine}`]: [
        200,
        [
          makePlace({ _id: '33333333-3333-4333-8333-333333333333', name: 'Laguna Nueva', verified: false, id_user: USER_ID }),
          makePlace({ _id: '44444444-4444-4444-8444-444444444444', name: 'Cerro Viejo', verified: true, id_user: USER_ID }),
        ],
      ],
    });
    const section = await screen.findByRole('region', { name: TEXT.places.mine }, wait);
    const items = await within(section).findAllByRole('listitem', {}, wait);
    expect(items.map((li) => li.textContent)).toEqual([`Laguna Nueva${TEXT.places.inReview}`, `Cerro Viejo${TEXT.places.published}`]);
    expect(within(items[0]!).getByRole('link', { name: 'Laguna Nueva' })).toHaveAttribute('href', '/buscar-destino/destino/33333333-3333-4333-8333-333333333333');
    expect(within(items[1]!).getByRole('link', { name: 'Cerro Viejo' })).toHaveAttribute('href', '/buscar-destino/destino/44444444-4444-4444-8444-444444444444');
  });

  it("as a user who created nothing, 'Mis destinos' says so", async () => {
    setup();
    const section = await screen.findByRole('region', { name: TEXT.places.mine }, wait);
    expect(await within(section).findByText(TEXT.places.mineEmpty, {}, wait)).toBeInTheDocument();
    expect(within(section).queryByRole('listitem')).not.toBeInTheDocument();
  });

  it("'Mis destinos' that cannot load offers Reintentar and the rest of the profile still shows", async () => {
    let fail = true;
    setup('', { [`GET ${API.placesMine}`]: () => (fail ? networkDown()(undefined, {}) : [200, [makePlace({ name: 'Al fin', id_user: USER_ID })]]) });
    const section = await screen.findByRole('region', { name: TEXT.places.mine }, wait);
    expect(await screen.findByRole('heading', { name: 'Perfil de Ana Pérez' }, wait)).toBeInTheDocument();
    fail = false;
    await userEvent.click(await within(section).findByRole('button', { name: TEXT.actions.retry }, wait));
    expect(await within(section).findByRole('link', { name: 'Al fin' }, wait)).toBeInTheDocument();
  });

  it("as an admin I have no 'Mis destinos' (admins do not propose places)", async () => {
    signIn('admin');
    const { calls } = stubFetch({ [`GET ${API.admin(ADMIN_ID)}`]: [200, makeAdmin()] });
    renderRoutes(routes, '/perfil');
    await waitFor(() => expect(screen.getByText('admin@example.com')).toBeInTheDocument(), wait);
    expect(screen.queryByRole('region', { name: TEXT.places.mine })).not.toBeInTheDocument();
    expect(calls.some((c) => c.path === API.placesMine)).toBe(false);
  });
});
