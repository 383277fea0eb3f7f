import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ACCESS_KINDS, ACCESS_LABELS, MSG, NO_FACTS, type PlaceFormInput, type PlaceFormOutput, TEXT } from '@sendero/contract';
import { renderWithProviders } from '@/test/render';
import { PUBLIC_CONFIG, signIn } from '@/test/fixtures';
import { stubFetch } from '@/test/fetch-stub';
import { stubXhr } from '@/test/xhr-stub';
import { fillPlaceForm, uploadPlacePhoto } from '@/test/place-form';
import { PlaceForm } from './place-form';

const VALID: PlaceFormInput = {
  name: 'Laguna',
  city: 'Lima',
  difficulty: 'Media',
  capacity: '5',
  time_min: '1',
  time_max: '2',
  time_city: '3',
  photos: ['/uploads/a.webp'],
  description: 'd',
  how_to_get: 'h',
  tips: 't',
};

// The location picker's map reads the tile settings.
beforeEach(() => {
  stubFetch({ 'GET /api/config': [200, PUBLIC_CONFIG] });
});

const finalizar = () => screen.getByRole('button', { name: TEXT.placeForm.finish });

const fillTexts = (user: UserEvent) =>
  fillPlaceForm(user, {
    name: 'Laguna Azul',
    difficulty: 'Exigente',
    capacity: '25',
    time_min: '2',
    time_max: '4.5',
    time_city: '3',
    city: 'Lima',
    description: 'Una laguna turquesa.',
    how_to_get: 'Bus a Huaraz.',
    tips: 'Lleva abrigo.',
  });

describe('place form (create)', { timeout: 60_000 }, () => {
  it('as a user I see the title and a label on every field', () => {
    renderWithProviders(<PlaceForm mode="create" onSubmit={vi.fn()} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Crear un Destino' })).toBeInTheDocument();
    for (const label of ['Nombre', 'Dificultad', TEXT.placeForm.fields.capacity, TEXT.placeForm.fields.time_min, TEXT.placeForm.fields.time_max, TEXT.placeForm.fields.time_city, TEXT.placeForm.fields.city, TEXT.placeForm.fields.description, TEXT.placeForm.fields.how_to_get, TEXT.placeForm.fields.tips]) {
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    }
    expect(screen.getByRole('group', { name: 'Fotos' })).toBeInTheDocument();
    expect(screen.getByLabelText(TEXT.placeForm.fields.capacity)).toHaveAttribute('type', 'number');
    expect(screen.getByRole('option', { name: 'Difícil' })).toBeInTheDocument();
    expect(within(screen.getByLabelText('Dificultad')).getAllByRole('option').map((o) => o.textContent)).toEqual([TEXT.placeForm.pickDifficulty, 'Fácil', 'Media', 'Exigente', 'Difícil']);
  });

  it('as a creator I state the access facts: months as twelve toggles, the access from its list, empty fields unknown', async () => {
    const onSubmit = vi.fn(async (_v: PlaceFormOutput) => {});
    const user = userEvent.setup();
    renderWithProviders(<PlaceForm mode="create" onSubmit={onSubmit} defaultValues={VALID} />);
    const months = within(screen.getByRole('group', { name: TEXT.placeForm.fields.closed_months })).getAllByRole('checkbox');
    expect(months).toHaveLength(12);
    expect(within(screen.getByLabelText(TEXT.placeForm.fields.access)).getAllByRole('option').map((o) => o.textContent)).toEqual([
      TEXT.placeForm.accessUnknown,
      ...ACCESS_KINDS.map((k) => ACCESS_LABELS[k]),
    ]);
    await user.selectOptions(screen.getByLabelText(TEXT.placeForm.fields.access), ACCESS_LABELS.permiso_con_cupo);
    await user.type(screen.getByLabelText(TEXT.placeForm.fields.fee_pen), '152');
    await user.type(screen.getByLabelText(TEXT.placeForm.fields.daily_quota), '500');
    await user.click(screen.getByRole('checkbox', { name: 'febrero' }));
    await user.type(screen.getByLabelText(TEXT.placeForm.fields.facts_source), 'http://ejemplo.pe');
    await user.tab();
    expect(screen.getByLabelText(TEXT.placeForm.fields.facts_source)).toHaveAccessibleDescription(MSG.factsSourceInvalid);
    expect(finalizar()).toBeDisabled();
    await user.clear(screen.getByLabelText(TEXT.placeForm.fields.facts_source));
    await user.type(screen.getByLabelText(TEXT.placeForm.fields.facts_source), 'https://ejemplo.pe/camino');
    await waitFor(() => expect(finalizar()).toBeEnabled());
    await user.click(finalizar());
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({
      altitude_m: null,
      fee_pen: 152,
      access: 'permiso_con_cupo',
      daily_quota: 500,
      closed_months: [2],
      facts_source: 'https://ejemplo.pe/camino',
    });
  });

  it('as a user I see why a field is wrong once I leave it', async () => {
    const user = userEvent.setup();
    renderWithProviders(<PlaceForm mode="create" onSubmit={vi.fn()} />);
    const fields: [string, string][] = [
      ['Nombre', MSG.placeNameRequired],
      [TEXT.placeForm.fields.capacity, MSG.capacityInvalid],
      [TEXT.placeForm.fields.time_min, MSG.timeInvalid],
      [TEXT.placeForm.fields.time_city, MSG.timeCityInvalid],
      [TEXT.placeForm.fields.city, MSG.cityRequired],
      [TEXT.placeForm.fields.description, MSG.descriptionRequired],
      [TEXT.placeForm.fields.how_to_get, MSG.howToGetRequired],
      [TEXT.placeForm.fields.tips, MSG.tipsRequired],
    ];
    for (const [label] of fields) {
      await user.click(screen.getByLabelText(label));
    }
    await user.click(screen.getByLabelText('Dificultad'));
    await user.tab();
    for (const [label, message] of fields) {
      expect(screen.getByLabelText(label)).toHaveAccessibleDescription(message);
    }
    expect(screen.getByText(MSG.difficultyInvalid)).toBeInTheDocument();

    await user.type(screen.getByLabelText(TEXT.placeForm.fields.capacity), '0');
    expect(screen.getByLabelText(TEXT.placeForm.fields.capacity)).toHaveAccessibleDescription(MSG.capacityInvalid);
    await user.clear(screen.getByLabelText(TEXT.placeForm.fields.capacity));
    await user.type(screen.getByLabelText(TEXT.placeForm.fields.capacity), '12');
    expect(screen.getByLabelText(TEXT.placeForm.fields.capacity)).not.toHaveAccessibleDescription(MSG.capacityInvalid);

  });

  it('as a user I am told when the minimum walking time is above the maximum, even before filling the rest', async () => {
    const user = userEvent.setup();
    renderWithProviders(<PlaceForm mode="create" onSubmit={vi.fn()} />);
    await user.type(screen.getByLabelText(TEXT.placeForm.fields.time_min), '5');
    await user.type(screen.getByLabelText(TEXT.placeForm.fields.time_max), '3');
    await user.tab();
    expect(screen.getByLabelText(TEXT.placeForm.fields.time_max)).toHaveAccessibleDescription(MSG.timeRange);
    // Lowering the minimum clears the message on the maximum.
    await user.clear(screen.getByLabelText(TEXT.placeForm.fields.time_min));
    await user.type(screen.getByLabelText(TEXT.placeForm.fields.time_min), '2');
    await waitFor(() => expect(screen.getByLabelText(TEXT.placeForm.fields.time_max)).not.toHaveAccessibleDescription(MSG.timeRange));
  });

  it('as a user I cannot finish a complete form whose times are reversed', async () => {
    const user = userEvent.setup();
    renderWithProviders(<PlaceForm mode="create" onSubmit={vi.fn()} defaultValues={VALID} />);
    await waitFor(() => expect(finalizar()).toBeEnabled());
    await user.clear(screen.getByLabelText(TEXT.placeForm.fields.time_max));
    await user.type(screen.getByLabelText(TEXT.placeForm.fields.time_max), '0.5');
    await user.tab();
    expect(screen.getByLabelText(TEXT.placeForm.fields.time_max)).toHaveAccessibleDescription(MSG.timeRange);
    expect(finalizar()).toBeDisabled();
  });

  it("as a user I can press 'Finalizar' only once every field is valid and there is a photo", async () => {
    signIn('user');
    const sent = stubXhr();
    const onSubmit = vi.fn(async (_v: PlaceFormOutput) => {});
    const user = userEvent.setup();
    renderWithProviders(<PlaceForm mode="create" onSubmit={onSubmit} />);

    expect(finalizar()).toBeDisabled();
    expect(screen.getByText(MSG.photosRequired)).toBeInTheDocument();
    await fillTexts(user);
    // Everything but the photo.
    expect(finalizar()).toBeDisabled();

    await uploadPlacePhoto(user, sent, 'laguna');
    await waitFor(() => expect(finalizar()).toBeEnabled());

    // Clearing a required field disables it again.
    await user.clear(screen.getByLabelText(TEXT.placeForm.fields.city));
    await waitFor(() => expect(finalizar()).toBeDisabled());
    await user.type(screen.getByLabelText(TEXT.placeForm.fields.city), 'Lima');
    await waitFor(() => expect(finalizar()).toBeEnabled());

    await user.click(finalizar());
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({
      name: 'Laguna Azul',
      city: 'Lima',
      difficulty: 'Exigente',
      capacity: 25,
      time_min: 2,
      time_max: 4.5,
      time_city: 3,
      photos: ['/uploads/laguna.webp'],
      description: 'Una laguna turquesa.',
      how_to_get: 'Bus a Huaraz.',
      tips: 'Lleva abrigo.',
      lat: null,
      lon: null,
      // docs/product.md#access-facts: left empty, unknown.
      ...NO_FACTS,
    });
  });

  it("as a user I can type the trailhead, am told when one coordinate is missing, and 'Quitar ubicación' empties both", async () => {
    const onSubmit = vi.fn(async (_v: PlaceFormOutput) => {});
    const user = userEvent.setup();
    renderWithProviders(<PlaceForm mode="create" onSubmit={onSubmit} defaultValues={VALID} />);
    expect(screen.getByRole('group', { name: TEXT.placeForm.trailhead })).toBeInTheDocument();
    const quitar = screen.getByRole('button', { name: TEXT.placeForm.clearTrailhead });
    expect(quitar).toBeDisabled();

    await user.type(screen.getByLabelText(TEXT.placeForm.fields.lat), '-9,0457');
    await user.tab();
    await waitFor(() => expect(screen.getByLabelText(TEXT.placeForm.fields.lon)).toHaveAccessibleDescription(MSG.coordinatesTogether));
    expect(finalizar()).toBeDisabled();
    await user.type(screen.getByLabelText(TEXT.placeForm.fields.lon), '-200');
    await user.tab();
    await waitFor(() => expect(screen.getByLabelText(TEXT.placeForm.fields.lon)).toHaveAccessibleDescription(MSG.lonInvalid));
    await user.clear(screen.getByLabelText(TEXT.placeForm.fields.lon));
    await user.type(screen.getByLabelText(TEXT.placeForm.fields.lon), '-77.6115');
    await waitFor(() => expect(finalizar()).toBeEnabled());
    expect(screen.getByLabelText(TEXT.placeForm.fields.lon)).not.toHaveAccessibleDescription(MSG.lonInvalid);

    await user.click(quitar);
    expect(screen.getByLabelText(TEXT.placeForm.fields.lat)).toHaveValue('');
    expect(screen.getByLabelText(TEXT.placeForm.fields.lon)).toHaveValue('');
    await user.type(screen.getByLabelText(TEXT.placeForm.fields.lat), '-9.0457');
    await user.type(screen.getByLabelText(TEXT.placeForm.fields.lon), '-77.6115');
    await waitFor(() => expect(finalizar()).toBeEnabled());
    await user.click(finalizar());
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ lat: -9.0457, lon: -77.6115 });
  });

  it("as a user at the trailhead I set it with 'Usar mi ubicación', and the help says 'Toca o haz clic'", async () => {
    const getCurrentPosition = vi.fn((ok: PositionCallback) => ok({ coords: { latitude: -9.04571234, longitude: -77.61149876 } } as GeolocationPosition));
    const geolocation = vi.spyOn(navigator, 'geolocation', 'get').mockReturnValue({ getCurrentPosition } as unknown as Geolocation);
    const user = userEvent.setup();
    renderWithProviders(<PlaceForm mode="create" onSubmit={vi.fn(async () => {})} defaultValues={VALID} />);
    // A phone has no click: the help names the tap too.
    expect(screen.getByRole('group', { name: TEXT.placeForm.trailhead })).toHaveAccessibleDescription(TEXT.placeForm.trailheadHelp);
    expect(TEXT.placeForm.trailheadHelp).toMatch(/^Toca o haz clic/);
    await user.click(screen.getByRole('button', { name: TEXT.placeForm.useMyLocation }));
    expect(getCurrentPosition).toHaveBeenCalledTimes(1);
    expect(screen.getByLabelText(TEXT.placeForm.fields.lat)).toHaveValue('-9.045712');
    expect(screen.getByLabelText(TEXT.placeForm.fields.lon)).toHaveValue('-77.611499');
    geolocation.mockRestore();
  });

  it('as a user I see the error toast when saving fails, and keep what I typed', async () => {
    const user = userEvent.setup();
    const { ApiRequestError } = await import('@/lib/api-client');
    const onSubmit = vi.fn(async () => {
      throw new ApiRequestError(0, 'NETWORK_ERROR', MSG.network);
    });
    renderWithProviders(
      <PlaceForm
        mode="create"
        onSubmit={onSubmit}
        defaultValues={VALID}
      />,
    );
    await waitFor(() => expect(finalizar()).toBeEnabled());
    await user.click(finalizar());
    expect(await screen.findByText(MSG.network)).toBeInTheDocument();
    expect(screen.getByLabelText('Nombre')).toHaveValue('Laguna');
  });
});

describe('place form: what is missing, and leaving it half-written', { timeout: 60_000 }, () => {
  it("as a user I am told which fields keep 'Finalizar' disabled, and the list shrinks as I fill them", async () => {
    const user = userEvent.setup();
    renderWithProviders(<PlaceForm mode="create" onSubmit={vi.fn()} />);
    expect(finalizar()).toBeDisabled();
    const missing = await screen.findByText(/^Para continuar, completa o corrige:/);
    expect(missing).toHaveTextContent(
      'Para continuar, completa o corrige: Fotos, Nombre, Dificultad, Aforo, Mínimo (horas), Máximo (horas), Horas desde la ciudad, Ciudad, Descripción, ¿Cómo llegar?, Recomendaciones.',
    );
    await user.type(screen.getByLabelText('Nombre'), 'Laguna Azul');
    await waitFor(() => expect(missing).not.toHaveTextContent('Nombre'));
    expect(missing).toHaveTextContent('Fotos, Dificultad');
  });

  it("as the creator editing a place I am told what is wrong when 'Guardar cambios' is disabled", async () => {
    const user = userEvent.setup();
    renderWithProviders(<PlaceForm mode="edit" onSubmit={vi.fn()} onCancel={vi.fn()} defaultValues={VALID} />);
    await waitFor(() => expect(screen.getByRole('button', { name: TEXT.placeForm.save })).toBeEnabled());
    expect(screen.queryByText(/^Para continuar/)).not.toBeInTheDocument();
    await user.clear(screen.getByLabelText(TEXT.placeForm.fields.city));
    await waitFor(() => expect(screen.getByRole('button', { name: TEXT.placeForm.save })).toBeDisabled());
    expect(screen.getByText(/^Para continuar/)).toHaveTextContent('Para continuar, completa o corrige: Ciudad.');
  });
});
