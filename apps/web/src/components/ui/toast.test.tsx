import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TEXT, TOAST_AUTO_HIDE_MS } from '@sendero/contract';
import { ToastProvider, useToast } from './toast';

function Trigger({ message }: { message: string }) {
  const { showError } = useToast();
  return (
    <button type="button" onClick={() => showError(message)}>
      Provocar error
    </button>
  );
}

function renderToast() {
  return render(
    <ToastProvider>
      <Trigger message="No pudimos conectar con el servidor." />
      <p>Fuera del aviso</p>
    </ToastProvider>,
  );
}

/** Shows the toast (its code is in the first bundle: nothing to wait for). */
async function showToast() {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Provocar error' }));
  });
}

describe('error toast', () => {
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: false }));
  afterEach(() => vi.useRealTimers());

  it('as a user I see the error message with error severity', async () => {
    renderToast();
    await showToast();
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('No pudimos conectar con el servidor.');
    expect(alert).toHaveAttribute('data-severity', 'error');
  });

  it('hides by itself after 3000 ms, not before', async () => {
    renderToast();
    await showToast();
    act(() => vi.advanceTimersByTime(TOAST_AUTO_HIDE_MS - 100));
    expect(screen.getByRole('alert')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(200));
    // The exit transition runs after the timer; let it finish.
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('a click outside the toast does not close it', async () => {
    renderToast();
    await showToast();
    fireEvent.click(screen.getByText('Fuera del aviso'));
    fireEvent.mouseUp(screen.getByText('Fuera del aviso'));
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByRole('alert')).toBeInTheDocument();
  });

  it('the close button closes it', async () => {
    renderToast();
    await showToast();
    fireEvent.click(screen.getByRole('button', { name: TEXT.actions.close }));
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
