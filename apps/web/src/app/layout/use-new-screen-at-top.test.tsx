import { Link, useNavigate } from 'react-router';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '@/test/render';
import { useNewScreenAtTop } from './use-new-screen-at-top';

function Screen({ name, to }: { name: string; to: string }) {
  useNewScreenAtTop();
  const navigate = useNavigate();
  return (
    <>
      <h1>{name}</h1>
      <Link to={to}>Ver más</Link>
      <button type="button" onClick={() => void navigate('.', { state: { dialog: true } })}>
        Abrir diálogo
      </button>
    </>
  );
}

describe('a new screen starts at its top', () => {
  it('after a link or a redirect, not after Back nor a navigation that keeps the path', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const { router } = renderRoutes(
      [
        { path: '/buscar-destino', element: <Screen name="Buscar" to="/buscar-destino/destino/1" /> },
        { path: '/buscar-destino/destino/1', element: <Screen name="Detalle" to="/buscar-destino" /> },
      ],
      '/buscar-destino',
    );
    await screen.findByRole('heading', { name: 'Buscar' });
    expect(scrollTo).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('link', { name: 'Ver más' }));
    await screen.findByRole('heading', { name: 'Detalle' });
    expect(scrollTo).toHaveBeenCalledTimes(1);
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);

    await userEvent.click(screen.getByRole('button', { name: 'Abrir diálogo' }));
    expect(router.state.location.state).toEqual({ dialog: true });
    expect(scrollTo).toHaveBeenCalledTimes(1);

    await act(() => router.navigate(-2));
    await screen.findByRole('heading', { name: 'Buscar' });
    expect(scrollTo).toHaveBeenCalledTimes(1);

    await act(() => router.navigate('/buscar-destino/destino/1', { replace: true }));
    await screen.findByRole('heading', { name: 'Detalle' });
    expect(scrollTo).toHaveBeenCalledTimes(2);
  });
});
