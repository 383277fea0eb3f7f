import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { limaDate, TEXT } from '@sendero/contract';
import { renderWithProviders } from '@/test/render';
import { makePlace, signIn } from '@/test/fixtures';
import { stubFetch } from '@/test/fetch-stub';
import { AccessBlock } from './access-block';

/** docs/product.md#access-facts: the detail's 'Acceso' block. */
describe("the 'Acceso' block", () => {
  it('says each known fact in words, links the source and how fresh they are', () => {
    const place = makePlace({
      altitude_m: 4600,
      fee_pen: 30,
      access: 'solo_agencia',
      daily_quota: 500,
      closed_months: [11, 12, 1, 2],
      facts_source: 'https://rpp.pe/laguna-69',
      facts_checked_on: limaDate(),
    });
    renderWithProviders(<AccessBlock place={place} />);
    const section = screen.getByRole('region', { name: 'Acceso' });
    expect(section).toHaveTextContent('Altitud máxima: 4,600 m');
    expect(section).toHaveTextContent('Entrada: S/ 30.00');
    expect(section).toHaveTextContent('Solo con agencia autorizada');
    expect(section).toHaveTextContent('Cupo: 500 personas por día');
    expect(section).toHaveTextContent('Cerrado de noviembre a febrero');
    expect(screen.getByRole('link', { name: 'Fuente' })).toHaveAttribute('href', 'https://rpp.pe/laguna-69');
    expect(section).toHaveTextContent(/^.*Datos revisados en \w+ de \d{4}/);
    expect(screen.queryByRole('button', { name: TEXT.access.confirm })).toBeNull();
  });

  it("shows only what is known; old or never-checked facts read 'Datos por confirmar'", () => {
    renderWithProviders(<AccessBlock place={makePlace({ fee_pen: 0, facts_checked_on: '2020-01-15' })} />);
    const section = screen.getByRole('region', { name: 'Acceso' });
    expect(section).toHaveTextContent('Entrada libre');
    expect(section).not.toHaveTextContent('Altitud');
    expect(section).not.toHaveTextContent('Cupo');
    expect(screen.queryByRole('link', { name: 'Fuente' })).toBeNull();
    expect(section).toHaveTextContent('Datos por confirmar');
  });

  it('says nothing at all when no fact is known', () => {
    renderWithProviders(<AccessBlock place={makePlace()} />);
    expect(screen.queryByRole('region', { name: 'Acceso' })).toBeNull();
  });

  it("an admin presses 'Confirmar datos'", async () => {
    signIn('admin');
    const place = makePlace({ fee_pen: 0, facts_checked_on: '2020-01-15' });
    const fetch = stubFetch({ [`PUT /api/place/${place._id}/facts-checked`]: [200, { ...place, facts_checked_on: limaDate() }] });
    renderWithProviders(<AccessBlock place={place} admin />);
    await userEvent.setup().click(screen.getByRole('button', { name: TEXT.access.confirm }));
    await waitFor(() => expect(fetch.calls.map((c) => `${c.method} ${c.path}`)).toContain(`PUT /api/place/${place._id}/facts-checked`));
    expect(await screen.findByText(TEXT.access.confirmed)).toBeInTheDocument();
  });
});
