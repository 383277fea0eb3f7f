import { encodePlaceIndex, factsFilterFields, NO_FACTS, SESSION_STORAGE_KEY, type Admin, type Outing, type Place, type PlaceIndexEntry, type PlaceIndexWire, type PublicConfig, type Role, type User } from '@sendero/contract';

export const USER_ID = '11111111-1111-4111-8111-111111111111';
export const ADMIN_ID = '22222222-2222-4222-8222-222222222222';

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    _id: USER_ID,
    firstname: 'Ana María',
    lastname: 'Pérez Soto',
    email: 'ana@example.com',
    photo_url: '',
    role: 'user',
    status: 'none',
    instagram: '',
    facebook: '',
    linkedin: '',
    other1: '',
    other2: '',
    other3: '',
    about_you: '',
    email_notifications: true,
    created_at: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function makeAdmin(overrides: Partial<Admin> = {}): Admin {
  return { _id: ADMIN_ID, firstname: 'Carlos', lastname: 'Ramos', photo_url: '', email: 'admin@example.com', ...overrides };
}

let outingSeq = 0;
/** An upcoming open outing of Laguna Churup led by a guide, 10 spots with 4 taken; each call a new id. */
export function makeOuting(overrides: Partial<Outing> = {}): Outing {
  outingSeq += 1;
  return {
    _id: `88888888-8888-4888-8888-${String(outingSeq).padStart(12, '0')}`,
    id_place: '33333333-3333-4333-8333-000000000001',
    place_name: 'Laguna Churup',
    id_guide: '66666666-6666-4666-8666-666666666666',
    guide_name: 'Rosa Huamán',
    guide_photo: '',
    starts_at: '2030-12-07T11:00:00.000Z',
    meeting_point: 'Plaza de Armas',
    description: '',
    spots: 10,
    taken: 4,
    status: 'abierta',
    joined: false,
    created_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

let placeSeq = 0;
export function makePlace(overrides: Partial<Place> = {}): Place {
  placeSeq += 1;
  return {
    _id: `33333333-3333-4333-8333-${String(placeSeq).padStart(12, '0')}`,
    id_user: USER_ID,
    name: `Laguna ${placeSeq}`,
    city: 'Lima',
    difficulty: 'Media',
    capacity: 20,
    time: [2, 4],
    time_city: 3,
    photos: ['/uploads/abc.webp'],
    description: 'Una laguna.',
    how_to_get: 'En bus.',
    tips: 'Lleva agua.',
    rating: 4.5,
    comments: 2,
    lat: null,
    lon: null,
    verified: true,
    created_at: '2025-01-01T00:00:00.000Z',
    updated_at: '2025-01-01T00:00:00.000Z',
    closure: null,
    ...NO_FACTS,
    facts_checked_on: null,
    ...overrides,
  };
}

/** The browsing index of `places` as the server sends it: verified only, one array per field (docs/product.md#catalogue). */
export function indexOf(places: readonly Place[]): PlaceIndexWire {
  return encodePlaceIndex(entriesOf(places));
}

/** The index entries of `places` (verified only). */
export function entriesOf(places: readonly Place[]): PlaceIndexEntry[] {
  return places
    .filter((p) => p.verified)
    .map((p) => ({
      _id: p._id,
      name: p.name,
      city: p.city,
      difficulty: p.difficulty,
      time: p.time,
      time_city: p.time_city,
      photo: p.photos[0] ?? null,
      rating: p.rating,
      comments: p.comments,
      created_at: p.created_at,
      lat: p.lat,
      lon: p.lon,
      ...factsFilterFields(p),
    }));
}

/** Stores a session as a login would. */
export function signIn(role: Role, id = role === 'admin' ? ADMIN_ID : USER_ID, token = 'token-1'): void {
  window.localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ token, _id: id, role }));
}

/** GET /api/config as the server answers it (map tiles on a host tests never reach). */
export const PUBLIC_CONFIG: PublicConfig = {
  map: { tile_url: 'https://tiles.invalid/{z}/{x}/{y}.png', attribution: '&copy; Mapa de prueba' },
  social: { instagram: null, facebook: null, x: null },
};
