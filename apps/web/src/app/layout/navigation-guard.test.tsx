import { useState } from 'react';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Outlet } from 'react-router';
import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import { TEXT } from '@sendero/contract';
import { PlaceForm } from '@/features/places/components/place-form';
import { useCloseOnBack } from '@/lib/navigation-guard';
import { stubFetch } from '@/test/fetch-stub';
import { PUBLIC_CONFIG } from '@/test/fixtures';
import { renderRoutes } from '@/test/render';
import { DIALOG_ENTRY, NavigationGuard } from './navigation-guard';

function ScreenWithDialog() {
  const [open, setOpen] = useState(false);
  useCloseOnBack(open, () => setOpen(false));
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Abrir
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="t">
        <DialogTitle id="t">Un diálogo</DialogTitle>
      </Dialog>
    </>
  );
}

function tree(page: React.ReactNode) {
  return [
    {
      element: (
        <>
          <NavigationGuard />
          <Outlet />
        </>
      ),
      children: [
        { path: '/antes', element: <p>Pantalla anterior</p> },
        { path: '/pagina', element: page },
      ],
    },
  ];
}

describe('no lost input', () => {
  // The place form's map asks for the public config; anything else asked of the network fails the test.
  beforeEach(() => {
    stubFetch({ 'GET /api/config': [200, PUBLIC_CONFIG] });
  });

  it("as a user on a phone, Back with a dialog open closes the dialog and keeps me on the page; the next Back leaves", async () => {
    const { router } = renderRoutes(tree(<ScreenWithDialog />), '/antes');
    await router.navigate('/pagina');
    fireEvent.click(await screen.findByRole('button', { name: 'Abrir' }));
    expect(await screen.findByRole('dialog', { name: 'Un diálogo' })).toBeInTheDocument();

    await router.navigate(-1);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/pagina');

    await router.navigate(-1);
    expect(await screen.findByText('Pantalla anterior')).toBeInTheDocument();
  });

  it('on a tab opened directly on the page, opening a dialog adds one entry; Back closes the dialog and stays on the page', async () => {
    const { router } = renderRoutes(tree(<ScreenWithDialog />), '/pagina');
    expect(router.state.location.key).toBe('default');
    fireEvent.click(await screen.findByRole('button', { name: 'Abrir' }));
    expect(await screen.findByRole('dialog', { name: 'Un diálogo' })).toBeInTheDocument();
    // Without the added entry there would be nothing of the app behind the page for Back to land on.
    await waitFor(() => expect((router.state.location.state as Record<string, unknown> | null)?.[DIALOG_ENTRY]).toBe(true));
    expect(router.state.historyAction).toBe('PUSH');

    await router.navigate(-1);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/pagina');
    expect(screen.getByRole('button', { name: 'Abrir' })).toBeInTheDocument();
  });

  it('with the dialog closed, Back from the added entry goes on back by itself (one Back leaves, as without it)', async () => {
    const user = userEvent.setup();
    const { router } = renderRoutes(tree(<ScreenWithDialog />), '/pagina');
    await user.click(await screen.findByRole('button', { name: 'Abrir' }));
    await waitFor(() => expect((router.state.location.state as Record<string, unknown> | null)?.[DIALOG_ENTRY]).toBe(true));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    const navigate = vi.spyOn(router, 'navigate');
    await router.navigate(-1);
    expect(router.state.location.key).toBe('default');
    // The guard's own step back, past the first entry (out of the site in a browser).
    await waitFor(() => expect(navigate.mock.calls.filter((args) => (args[0] as unknown) === -1)).toHaveLength(2));
  });

  it('a dialog opened after navigating inside the app adds no entry (Back already has somewhere to land)', async () => {
    const { router } = renderRoutes(tree(<ScreenWithDialog />), '/antes');
    await router.navigate('/pagina');
    const before = router.state.location.key;
    fireEvent.click(await screen.findByRole('button', { name: 'Abrir' }));
    expect(await screen.findByRole('dialog', { name: 'Un diálogo' })).toBeInTheDocument();
    expect(router.state.location.key).toBe(before);
  });

  it('as a user leaving a half-written place form I am asked first; I can stay with my text or leave', async () => {
    const user = userEvent.setup();
    const { router } = renderRoutes(tree(<PlaceForm mode="create" onSubmit={vi.fn()} />), '/antes');
    await router.navigate('/pagina');
    await user.type(await screen.findByLabelText('Nombre'), 'Laguna a medias');

    void router.navigate('/antes');
    expect(await screen.findByRole('dialog', { name: TEXT.unsaved.title })).toHaveTextContent(TEXT.unsaved.body);
    await user.click(screen.getByRole('button', { name: TEXT.unsaved.stay }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/pagina');
    expect(screen.getByLabelText('Nombre')).toHaveValue('Laguna a medias');

    void router.navigate(-1);
    await user.click(await screen.findByRole('button', { name: TEXT.unsaved.leave }));
    expect(await screen.findByText('Pantalla anterior')).toBeInTheDocument();
  });

  it('an untouched form lets me leave without a question', async () => {
    const { router } = renderRoutes(tree(<PlaceForm mode="create" onSubmit={vi.fn()} />), '/pagina');
    await screen.findByLabelText('Nombre');
    await router.navigate('/antes');
    expect(await screen.findByText('Pantalla anterior')).toBeInTheDocument();
  });

  it('a half-written form asks the browser to confirm closing the tab', async () => {
    const user = userEvent.setup();
    renderRoutes(tree(<PlaceForm mode="create" onSubmit={vi.fn()} />), '/pagina');
    const event = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(false);
    await user.type(await screen.findByLabelText('Nombre'), 'L');
    const again = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(again);
    expect(again.defaultPrevented).toBe(true);
  });
});
