import { act, screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect } from 'vitest';
import { TEXT } from '@sendero/contract';
import { imageFile, uploaded, type FakeXhr } from './xhr-stub';

/** What a test types into the place form's text fields, as typed (numbers too). */
export interface PlaceFormTyping {
  name: string;
  difficulty: string;
  capacity: string;
  time_min: string;
  time_max: string;
  time_city: string;
  city: string;
  description: string;
  how_to_get: string;
  tips: string;
}

/** Fills every field of the place form but the photos and the trailhead, by their labels. */
export async function fillPlaceForm(user: UserEvent, values: PlaceFormTyping) {
  const { fields } = TEXT.placeForm;
  await user.type(screen.getByLabelText('Nombre'), values.name);
  await user.selectOptions(screen.getByLabelText('Dificultad'), values.difficulty);
  for (const field of ['capacity', 'time_min', 'time_max', 'time_city', 'city', 'description', 'how_to_get', 'tips'] as const) {
    await user.type(screen.getByLabelText(fields[field]), values[field]);
  }
}

/** Adds one photo through 'Agregar fotos' and answers its upload (the request at `index` of `sent`). */
export async function uploadPlacePhoto(user: UserEvent, sent: FakeXhr[], name: string, index = 0) {
  await user.upload(screen.getByLabelText(TEXT.upload.addPhotos), imageFile(`${name}.png`));
  await waitFor(() => expect(sent).toHaveLength(index + 1));
  act(() => sent[index]?.respond(201, uploaded(name)));
}
