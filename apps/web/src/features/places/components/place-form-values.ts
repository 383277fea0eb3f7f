import { type Place, type PlaceFormInput, type PlaceFormOutput, type PlaceUpdate, TEXT } from '@sendero/contract';

/** An empty create form; numbers are edited as text (number inputs). */
export const EMPTY_PLACE_FORM: PlaceFormInput = {
  name: '',
  city: '',
  // No difficulty is chosen until the user picks one; the schema then accepts it.
  difficulty: '' as PlaceFormInput['difficulty'],
  capacity: '',
  time_min: '',
  time_max: '',
  time_city: '',
  photos: [],
  description: '',
  how_to_get: '',
  tips: '',
  lat: '',
  lon: '',
  altitude_m: '',
  fee_pen: '',
  daily_quota: '',
  access: '',
  closed_months: [],
  facts_source: '',
};

/** The edit form starts from the place as it is, so unchanged photos and difficulty are kept. */
export function placeToFormValues(place: Place): PlaceFormInput {
  return {
    name: place.name,
    city: place.city,
    difficulty: place.difficulty,
    capacity: String(place.capacity),
    time_min: String(place.time[0]),
    time_max: String(place.time[1]),
    time_city: String(place.time_city),
    photos: [...place.photos],
    description: place.description,
    how_to_get: place.how_to_get,
    tips: place.tips,
    lat: place.lat === null ? '' : String(place.lat),
    lon: place.lon === null ? '' : String(place.lon),
    altitude_m: place.altitude_m === null ? '' : String(place.altitude_m),
    fee_pen: place.fee_pen === null ? '' : place.fee_pen.toFixed(2),
    daily_quota: place.daily_quota === null ? '' : String(place.daily_quota),
    access: place.access ?? '',
    closed_months: [...place.closed_months],
    facts_source: place.facts_source ?? '',
  };
}

/** The request body of create and update (docs/product.md#calls field names). */
export function formValuesToBody(v: PlaceFormOutput): Required<PlaceUpdate> {
  return {
    name: v.name,
    city: v.city,
    difficulty: v.difficulty,
    capacity: v.capacity,
    time: [v.time_min, v.time_max],
    time_city: v.time_city,
    photos: v.photos,
    description: v.description,
    how_to_get: v.how_to_get,
    tips: v.tips,
    // Both null: no trailhead (on edit, removes it).
    lat: v.lat,
    lon: v.lon,
    // docs/product.md#access-facts: empty fields are null (unknown); the server dates the check.
    altitude_m: v.altitude_m,
    fee_pen: v.fee_pen,
    access: v.access,
    daily_quota: v.daily_quota,
    closed_months: v.closed_months,
    facts_source: v.facts_source,
  };
}

/** Server field names (`time`) mapped onto the form's fields, for 400 answers with `fields`. */
export function serverFieldToFormField(field: string): keyof PlaceFormInput | null {
  if (field === 'time') return 'time_max';
  const known: readonly string[] = Object.keys(EMPTY_PLACE_FORM);
  return known.includes(field) ? (field as keyof PlaceFormInput) : null;
}

/** The label of each field as the form shows it, to say which ones still need the user. */
export const PLACE_FIELD_LABELS: Record<keyof PlaceFormInput, string> = TEXT.placeForm.fields;
