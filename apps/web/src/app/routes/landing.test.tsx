import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { API, TEXT } from '@sendero/contract';
import { routes } from '@/app/route-tree';
import { stubFetch } from '@/test/fetch-stub';
import { indexOf, makePlace } from '@/test/fixtures';
import { renderRoutes } from '@/test/render';

// As long as the wait of src/test/setup.ts, sized for a busy two-core machine.
const wait = { timeout: 10_000 };
const CONFIG = {
  map: { tile_url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png', attribution: '' },
  social: { instagram: 'https://www.instagram.com/sendero.pe', facebook: null, x: 'https://x.com/sendero_pe' },
};

describe('landing (/)', () => {
  it('as a visitor I see the three sections with their texts and links', async () => {
    const place = makePlace({ name: 'Laguna Churup', photos: ['/uploads/abcdef.webp'] });
    stubFetch({ [`GET ${API.placeIndex(12)}`]: [200, indexOf([place, makePlace({ name: 'Oculto', verified: false })])], [`GET ${API.config}`]: [200, CONFIG] });
    renderRoutes(routes, '/');
    expect(await screen.findByRole('heading', { level: 1, name: TEXT.landing.title }, wait)).toBeInTheDocument();
    expect(screen.getByText(TEXT.landing.message)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: TEXT.landing.login })).toHaveAttribute('href', '/ingresar');
    expect(screen.getByRole('link', { name: TEXT.landing.register })).toHaveAttribute('href', '/registro');
    expect(await screen.findByRole('link', { name: 'Instagram' })).toHaveAttribute('href', 'https://www.instagram.com/sendero.pe');
    expect(screen.getByRole('link', { name: 'X' })).toHaveAttribute('href', 'https://x.com/sendero_pe');
    // Unset in the configuration: hidden, never a link to the network's home page.
    expect(screen.queryByRole('link', { name: 'Facebook' })).not.toBeInTheDocument();

    expect(screen.getByRole('heading', { level: 2, name: TEXT.landing.destinations })).toBeInTheDocument();
    const carousel = screen.getByRole('region', { name: TEXT.landing.carousel });
    await waitFor(() => expect(within(carousel).getByRole('heading', { name: 'Laguna Churup' })).toBeInTheDocument());
    expect(within(carousel).queryByText('Oculto')).not.toBeInTheDocument();
    expect(within(carousel).getByRole('link', { name: TEXT.card.seeMoreOf('Laguna Churup') })).toHaveAttribute('href', `/buscar-destino/destino/${place._id}`);
    const img = within(carousel).getByRole('img', { name: TEXT.card.photoOf('Laguna Churup') });
    expect(img).toHaveAttribute('srcset', '/uploads/abcdef-400.webp 400w, /uploads/abcdef-800.webp 800w');
    // In view at once (the landing's largest paint): asked for with the page, not once the layout says it shows.
    expect(img).toHaveAttribute('loading', 'eager');

    expect(screen.getByRole('heading', { level: 2, name: TEXT.landing.guideTitle })).toBeInTheDocument();
    expect(screen.getByText(TEXT.landing.guideText)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: TEXT.landing.join })).toHaveAttribute('href', '/convertirme-en-guia');
  });

  it('the search narrows the carousel by name and the X resets it', async () => {
    const both = indexOf([makePlace({ name: 'Laguna Churup' }), makePlace({ name: 'Lomas de Lachay' })]);
    // The first page is shown at once; typing a name loads the whole index.
    const s = stubFetch({ [`GET ${API.placeIndex(12)}`]: [200, both], [`GET ${API.placeIndex()}`]: [200, both], [`GET ${API.config}`]: [200, CONFIG] });
    renderRoutes(routes, '/');
    const carousel = await screen.findByRole('region', { name: TEXT.landing.carousel }, wait);
    await within(carousel).findByRole('heading', { name: 'Laguna Churup' });
    const wholeIndexCalls = () => s.calls.filter((c) => c.path === API.placeIndex()).length;
    expect(wholeIndexCalls()).toBe(0);
    await userEvent.type(screen.getByLabelText(TEXT.landing.searchLabel), 'lom');
    await waitFor(() => expect(wholeIndexCalls()).toBe(1));
    await waitFor(() => expect(within(carousel).queryByRole('heading', { name: 'Laguna Churup' })).not.toBeInTheDocument());
    expect(within(carousel).getByRole('heading', { name: 'Lomas de Lachay' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: TEXT.landing.searchReset }));
    expect(await within(carousel).findByRole('heading', { name: 'Laguna Churup' })).toBeInTheDocument();
  });

  it('shows skeleton cards while places load', async () => {
    stubFetch({ [`GET ${API.placeIndex(12)}`]: () => new Promise(() => {}), [`GET ${API.config}`]: [200, CONFIG] });
    renderRoutes(routes, '/');
    const carousel = await screen.findByRole('region', { name: TEXT.landing.carousel }, wait);
    expect(carousel).toHaveAttribute('aria-busy', 'true');
  });
});
