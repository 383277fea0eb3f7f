import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MSG, type Place, TEXT } from '@sendero/contract';
import { renderWithProviders } from '@/test/render';
import { stubFetch, type FetchHandler } from '@/test/fetch-stub';
import { ADMIN_ID, makeAdmin, makePlace, signIn } from '@/test/fixtures';
import AdminPlacesScreen from './admin-places';

const day = (n: number) => `2025-01-${String(n).padStart(2, '0')}T00:00:00.000Z`;

function setup(places: Place[], handlers: Record<string, FetchHandler | [number, unknown]> = {}, route = '/admin/destinos') {
  signIn('admin');
  const net = stubFetch({
    [`GET /api/admin/${ADMIN_ID}`]: [200, makeAdmin()],
    'GET /api/place': [200, places],
    ...handlers,
  });
  const view = renderWithProviders(<AdminPlacesScreen />, { route, path: '/admin/destinos' });
  const count = (key: string) => net.calls.filter((c) => `${c.method} ${c.path}` === key).length;
  return { ...view, net, count, ui: userEvent.setup() };
}

const dataRows = () => screen.getAllByRole('row').slice(1);
const names = () => dataRows().map((r) => within(r).getAllByRole('cell')[0]!.firstChild!.textContent);

describe('admin destinations list', () => {
  it('as an admin I see Nombre, Estado, Calificación and Opciones, unverified first and then newest', async () => {
    setup([
      makePlace({ name: 'Antigua verificada', verified: true, created_at: day(1), rating: 4.25 }),
      makePlace({ name: 'Nueva verificada', verified: true, created_at: day(9), rating: 3 }),
      makePlace({ name: 'Propuesta antigua', verified: false, created_at: day(2), rating: 0, comments: 0 }),
      makePlace({ name: 'Propuesta nueva', verified: false, created_at: day(5), rating: 0 }),
    ]);
    const table = await screen.findByRole('table', { name: 'Administrar Destinos' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual([TEXT.admin.name, TEXT.admin.status, TEXT.admin.rating, TEXT.admin.options]);
    await within(table).findByText('Propuesta nueva');
    expect(names()).toEqual(['Propuesta nueva', 'Propuesta antigua', 'Nueva verificada', 'Antigua verificada']);
    const [first, , third, fourth] = dataRows();
    expect(first).toHaveTextContent('No verificado');
    expect(third).toHaveTextContent('Verificado');
    expect(third).not.toHaveTextContent('No verificado');
    expect(third).toHaveTextContent('3.0');
    expect(fourth).toHaveTextContent('4.3');
    // No reviews: said in words, not as 0 stars.
    const [, second] = dataRows();
    expect(second).toHaveTextContent('Sin reseñas aún');
    expect(second).not.toHaveTextContent('0.0');
    const id = (name: string) => screen.getAllByRole('row').find((r) => r.textContent?.includes(name))!;
    expect(within(id('Propuesta nueva')).getByRole('link', { name: TEXT.admin.review }).getAttribute('href')).toMatch(/^\/admin\/destinos\/[0-9a-f-]+$/);
  });

  it("as an admin, 'Eliminar' asks '¿Desea eliminar el destino {name} permanentemente?'; 'Cancelar' keeps it and 'Eliminar' deletes it", async () => {
    const doomed = makePlace({ name: 'Cerro Lúcumo', created_at: day(3) });
    const other = makePlace({ name: 'Lomas de Lachay', created_at: day(2) });
    const DELETE = `DELETE /api/place/delete/${doomed._id}`;
    let remaining = [doomed, other];
    const { ui, count } = setup([], {
      'GET /api/place': () => [200, remaining],
      [DELETE]: () => {
        remaining = [other];
        return [200, { _id: doomed._id, deleted: true }];
      },
    });
    const row = await screen.findByRole('row', { name: /Cerro Lúcumo/ }, { timeout: 5000 });
    await ui.click(within(row).getByRole('button', { name: TEXT.admin.delete }));
    let dialog = screen.getByRole('dialog', { name: '¿Desea eliminar el destino Cerro Lúcumo permanentemente?' });
    expect(within(dialog).getAllByRole('button').map((b) => b.textContent)).toEqual([TEXT.actions.cancel, TEXT.admin.delete]);
    await ui.click(within(dialog).getByRole('button', { name: TEXT.actions.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(count(DELETE)).toBe(0);
    expect(screen.getByRole('row', { name: /Cerro Lúcumo/ })).toBeInTheDocument();

    await ui.click(within(screen.getByRole('row', { name: /Cerro Lúcumo/ })).getByRole('button', { name: TEXT.admin.delete }));
    dialog = screen.getByRole('dialog');
    const confirm = within(dialog).getByRole('button', { name: TEXT.admin.delete });
    // A double click deletes once and shows no error.
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    await waitFor(() => expect(screen.queryByRole('row', { name: /Cerro Lúcumo/ })).not.toBeInTheDocument());
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(count(DELETE)).toBe(1);
    expect(screen.getByRole('row', { name: /Lomas de Lachay/ })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    // The deletion is said, not only seen as a row leaving the table.
    expect(await screen.findByText(TEXT.admin.placeDeleted('Cerro Lúcumo'))).toBeInTheDocument();
  });

  it('as an admin, a failed delete shows the error toast and keeps the row', async () => {
    const place = makePlace({ name: 'Cerro Lúcumo' });
    const { ui } = setup([place], {
      [`DELETE /api/place/delete/${place._id}`]: [404, { error: { code: 'NOT_FOUND', message: MSG.placeNotFound } }],
    });
    await ui.click(within(await screen.findByRole('row', { name: /Cerro Lúcumo/ })).getByRole('button', { name: TEXT.admin.delete }));
    await ui.click(within(screen.getByRole('dialog')).getByRole('button', { name: TEXT.admin.delete }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.placeNotFound);
    expect(screen.getByRole('row', { name: /Cerro Lúcumo/ })).toBeInTheDocument();
  });

  it('as an admin I filter by Estado and search by name, kept in the URL', async () => {
    const { ui, router } = setup([
      makePlace({ name: 'Laguna Parón', verified: true, created_at: day(1) }),
      makePlace({ name: 'Catarata de Huanano', verified: false, created_at: day(2) }),
      makePlace({ name: 'Laguna 69', verified: false, created_at: day(3) }),
    ]);
    await screen.findByText('Laguna Parón');
    const filter = screen.getByRole('combobox', { name: TEXT.admin.filterByStatus });
    expect(Array.from(filter.querySelectorAll('option')).map((o) => o.textContent)).toEqual(['Todos', 'Verificado', 'No verificado']);
    await ui.selectOptions(filter, 'No verificado');
    await waitFor(() => expect(names()).toEqual(['Laguna 69', 'Catarata de Huanano']));
    expect(new URLSearchParams(router.state.location.search).get('estado')).toBe('no-verificado');
    await ui.selectOptions(filter, 'Verificado');
    await waitFor(() => expect(names()).toEqual(['Laguna Parón']));

    await ui.selectOptions(filter, 'Todos');
    await ui.type(screen.getByRole('textbox', { name: TEXT.admin.searchPlaces }), 'laguna paron');
    await waitFor(() => expect(names()).toEqual(['Laguna Parón']));
    expect(new URLSearchParams(router.state.location.search).get('buscar')).toBe('laguna paron');
    expect(new URLSearchParams(router.state.location.search).get('estado')).toBeNull();
  });

  it('as an admin I page through more than 20 destinations', async () => {
    const places = Array.from({ length: 25 }, (_, i) => makePlace({ name: `Destino ${String(i).padStart(2, '0')}`, verified: true, created_at: day(i + 1) }));
    const { ui, router } = setup(places, {}, '/admin/destinos');
    await screen.findByText('Destino 24');
    expect(dataRows()).toHaveLength(20);
    expect(screen.getByText('Mostrando 1–20 de 25 destinos')).toBeInTheDocument();
    await ui.click(screen.getByRole('button', { name: 'Ir a la página siguiente' }));
    await waitFor(() => expect(dataRows()).toHaveLength(5));
    expect(names()).toEqual(['Destino 04', 'Destino 03', 'Destino 02', 'Destino 01', 'Destino 00']);
    expect(new URLSearchParams(router.state.location.search).get('pagina')).toBe('2');
  });
});
