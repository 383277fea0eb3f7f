import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { APP_TEXT } from '@sendero/contract';
import { endSession } from '@/lib/session';
import { signIn } from '@/test/fixtures';
import { OfflineBanner } from './offline-banner';

function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

describe('offline banner', () => {
  afterEach(() => vi.restoreAllMocks());

  it('as a hiker who loses signal I see the banner, and it goes away when the signal is back', () => {
    signIn('user');
    render(<OfflineBanner />);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    act(() => setOnline(false));
    expect(screen.getByRole('status')).toHaveTextContent('Sin conexión. Puedes ver tus destinos guardados.');
    act(() => setOnline(true));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it("after 'Cerrar Sesión' it no longer promises saved destinations", () => {
    signIn('user');
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    render(<OfflineBanner />);
    expect(screen.getByRole('status')).toHaveTextContent(APP_TEXT.offlineBanner);
    act(() => endSession());
    expect(screen.getByRole('status')).toHaveTextContent(APP_TEXT.offlineBannerSignedOut);
    expect(screen.getByRole('status')).not.toHaveTextContent(/guardados/);
  });

  it('shows at once when the page opens offline', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    render(<OfflineBanner />);
    expect(screen.getByRole('status')).toHaveTextContent('Sin conexión.');
  });
});
