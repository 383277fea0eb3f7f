/**
 * What a client author must understand of each field of the named models (docs/architecture.md#api-documentation).
 * The zod schemas of the contract stay free of these texts because the web app bundles them; the document
 * adds them to `components.schemas` here, by model and field, and by field name where a name means the same
 * in every model. `openapi-document.test.ts` fails when a property of a model has no description, so a field
 * added later is documented here or by `.describe()` in the contract.
 */

/** Fields whose name means the same wherever it appears. */
export const FIELD_DESCRIPTIONS: Readonly<Record<string, string>> = {
  _id: 'Identifier (a UUID).',
  id_user: 'Identifier of the user who created it.',
  id_place: 'Identifier of the destination.',
  id_guide: 'Identifier of the guide who leads the outing.',
  name: 'Name of the destination.',
  city: 'City the destination is reached from.',
  difficulty: 'Difficulty of the trek.',
  capacity: '"Aforo": how many people the destination takes at once (an integer, 1 or more).',
  time:
    'Walking time of the trek in hours as the pair `[min, max]` (two numbers, `min <= max`, each 0 or from 0.01 to 1000), e.g. `[2, 4.5]` shown as "2 - 4.5 horas". ' +
    'A fixed-length array: always exactly two items (docs/decisions/026-time-pair-in-the-api.md).',
  time_city: 'Travel time in hours from `city` to the trailhead (0 or from 0.01 to 1000), shown as "A {time_city} horas de {city}".',
  photos: 'URLs of the destination’s photos, as returned by `POST /api/upload?preset=place`; the first is the card image.',
  photo: 'URL of the first photo, or null when it has none.',
  description: 'Description of the destination.',
  how_to_get: '"¿Cómo llegar?": how to reach the trailhead.',
  tips: '"Recomendaciones": advice for the trek.',
  rating:
    'Mean of the destination’s review stars, rounded to one decimal (0 while it has no reviews); exact: kept from a running sum and count, never re-estimated.',
  comments: 'How many reviews the destination has.',
  lat: 'Latitude of the trailhead (WGS 84, -90 to 90), or null when unknown. `lat` and `lon` are both numbers or both null.',
  lon: 'Longitude of the trailhead (WGS 84, -180 to 180), or null when unknown. `lat` and `lon` are both numbers or both null.',
  verified:
    'Whether an administrator verified (published) it. Visitors and users see verified destinations only; the creator also sees their own unverified ones, administrators see all.',
  created_at: 'When it was created (ISO 8601, UTC).',
  updated_at: 'When it last changed (ISO 8601, UTC).',
  starts_at: 'When the outing starts (ISO 8601 with a zone offset or `Z`); shown in `es-PE` for America/Lima.',
  firstname: 'First name.',
  lastname: 'Last name.',
  email: 'E-mail address (stored lower-cased; the login is case-insensitive).',
  password: 'The password (never returned, never logged).',
  photo_url: 'URL of a photo uploaded by the caller through `POST /api/upload`, or `""` when none.',
  instagram: 'Guide application: Instagram profile.',
  facebook: 'Guide application: Facebook profile.',
  linkedin: 'Guide application: LinkedIn profile.',
  other1: 'Guide application: another link (optional).',
  other2: 'Guide application: another link (optional).',
  other3: 'Guide application: another link (optional).',
  about_you: 'Guide application: who the applicant is and their experience.',
  email_notifications: '"Recibir correos": whether the user receives notification e-mails.',
  token: 'The bearer token: send it as `Authorization: Bearer <token>`.',
  deleted: 'Always true: the resource is gone.',
  ok: 'Always true.',
  saved: 'Whether the destination is in the caller’s saved list (at most 100).',
  url: 'Absolute path of the resource (same origin).',
  walked_on: 'docs/product.md#trail-conditions: the day the reviewer walked it (YYYY-MM-DD, Lima calendar; not in the future, at most 2 years back), or null when not said.',
  condition:
    'The state of the path: `despejado` (Sendero despejado), `obstaculos` (Con obstáculos), `peligroso` (Peligroso), `cerrado` (Cerrado), or null when not said.',
  hazards:
    'Up to 5 distinct hazards met: `barro`, `nieve_hielo`, `derrumbe`, `rio_crecido`, `senalizacion`, `sendero_borrado`, `mal_de_altura`, `inseguridad`.',
  closure: 'A temporary closure set by an administrator (`until`, `note`), or null while the place is open.',
  conditions: '"Estado reciente": what reviews walked in the last 30 days (Lima calendar) found, or null when there is none.',
  closed: 'Present only while the destination is temporarily closed: `until` is its last closed day, or null until reopened.',
  until: 'The last closed day (YYYY-MM-DD, Lima calendar), or null: closed until an administrator reopens it.',
  note: 'Why it is closed, as the banner shows it (3 to 300 characters).',
  altitude_m: 'docs/product.md#access-facts: the highest point in metres (an integer 0-7,000), or null when unknown.',
  fee_pen: 'The entry fee in soles (0-10,000, at most 2 decimals; 0 = free), or null when unknown.',
  access: 'Who may enter: `libre`, `boleto`, `boleto_en_linea`, `con_guia`, `solo_agencia` or `permiso_con_cupo`, or null when unknown.',
  daily_quota: 'The daily quota of visitors (an integer 1-100,000), or null when there is none or it is unknown.',
  closed_months: 'The months it is closed (distinct integers 1-12, January = 1); empty when open all year or unknown.',
  facts_source: 'The public source of the access facts (an https:// URL), or null.',
  facts_checked_on: 'The day (YYYY-MM-DD, Lima) an access fact last changed or an administrator confirmed them; set only by the server (sending it is refused with 400). Null when never.',
  fee_free: 'Present (true) only when the entry fee is 0 (the filter Entrada libre).',
  needs_agency: 'Present (true) only when the access is `con_guia`, `solo_agencia` or `permiso_con_cupo` (dropped by the filter Sin agencia).',
  open: "'Abierto en': a month 1-12; keeps places not closed that month and not temporarily closed today (unknown months are kept).",
  free: "'Entrada libre': `1` or `true` keeps only places whose entry fee is 0.",
  no_agency: "'Sin agencia': `1` or `true` drops places whose access needs an agency, a guide or a permit.",
};

/** Fields whose meaning depends on the model: `{ Model: { field: text } }`, taking precedence over the above. */
export const MODEL_FIELD_DESCRIPTIONS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  Error: { error: 'The failure: `code` (stable, for programs), `message` (Spanish, for people), `fields` (field name → message, on 400).' },
  Review: {
    rating: 'Stars given, an integer from 1 to 5.',
    comment: 'The review text.',
    photo_url: 'URL of the review’s photo (an upload of its author, preset `rating`).',
    id_user: 'Identifier of the author.',
  },
  ReviewListItem: {
    rating: 'Stars given, an integer from 1 to 5.',
    comment: 'The review text.',
    photo_url: 'URL of the review’s photo.',
    id_user: 'Identifier of the author.',
    name: 'Short display name of the author (first word of the first name and of the last name).',
    name_user: 'Same as `name` (kept for older clients).',
    photo_user: 'URL of the author’s profile photo, or `""`.',
    image: 'Same as `photo_url` (kept for older clients).',
  },
  ReviewCreate: {
    id_user: 'Accepted for older clients and ignored: the caller is the author.',
    id_place: 'The destination reviewed (a verified one; one review per user and destination).',
    photo_url: 'URL of the caller’s own upload (`POST /api/upload?preset=rating`). Required.',
    rating: 'Stars, an integer from 1 to 5.',
    comment: 'The review text (required, at most 2,000 characters).',
  },
  TrailReport: {
    review: 'The review that reported the path `peligroso` or `cerrado`.',
    place: 'Its destination (`_id`, `name`, `city`, `closure`).',
    author: 'Its author (`_id`, short `name`, `photo_url`).',
  },
  ReviewUpdate: {
    photo_url: 'URL of the caller’s own upload (`POST /api/upload?preset=rating`), or the review’s current photo.',
    rating: 'Stars, an integer from 1 to 5.',
    comment: 'The review text (1 to 2,000 characters).',
  },
  PlaceClosureRequest: {
    until: 'The last closed day (YYYY-MM-DD, today or later in Lima), or null: until reopened. Null with a null note reopens.',
    note: 'Why it is closed (3 to 300 characters); null (with a null `until`) reopens the place.',
  },
  PlaceCreate: { id_user: 'Accepted for older clients and ignored: the caller is the creator.' },
  PlaceIndexEntry: { created_at: 'When the destination was created (ISO 8601, UTC): the index is sorted newest first.' },
  PlacePreview: { photo: 'URL of the first photo, or null when it has none.' },
  PlaceSearchPage: {
    items: 'The page’s destinations, newest first.',
    next: 'Pass as `cursor` to get the next page; null on the last page.',
    total: 'How many destinations match in all.',
    suggestion: 'When nothing matches: the typed name with each misspelt word of 5 letters or more replaced by the nearest word of a verified destination’s name, offered only when that search finds destinations (docs/product.md#did-you-mean). Otherwise null.',
  },
  AdminAction: {
    admin: 'The administrator who acted (`_id`, `name`).',
    action: 'What was done.',
    target_type: 'What kind of thing it was done to.',
    target_id: 'Identifier of that thing.',
  },
  Admin: { photo_url: 'URL of the administrator’s photo, or `""`.' },
  Outing: {
    description: 'What the guide says about the outing (may be empty).',
    place_name: 'Name of the destination.',
    guide_name: 'Short display name of the guide.',
    guide_photo: 'URL of the guide’s photo, or `""`.',
    meeting_point: 'Where the group meets.',
    spots: 'Places offered (1 to the destination’s capacity).',
    taken: 'Places taken: always the number of participants, never more than `spots`.',
    status: 'Whether the outing still takes place.',
    joined: 'Whether the caller is a participant.',
    participants: 'Who joined: present only for the outing’s guide and administrators.',
  },
  OutingCreate: {
    id_place: 'The verified destination of the outing.',
    starts_at: 'When the outing starts: ISO 8601 with a zone offset or `Z`, at least 1 hour and at most 365 days ahead.',
    meeting_point: 'Where the group meets.',
    description: 'What the guide says about the outing (optional).',
    spots: 'Places offered: an integer from 1 to the destination’s capacity.',
  },
  OutingParticipant: { name: 'Short display name.', photo_url: 'URL of their photo, or `""`.' },
  MyOutings: {
    joined: 'Outings the caller joined (at most 50): upcoming ones soonest first, then past ones latest first.',
    leading: 'Outings the caller leads (at most 50), in the same order.',
  },
  SavedState: { _id: 'Identifier of the destination.' },
  Deleted: { _id: 'Identifier of what was deleted.' },
  PasswordChanged: { user: 'The user, as after the change.', token: 'A fresh token: earlier tokens of this user stop working.' },
  PasswordReset: { token: 'The token of the reset link (single use, valid 1 hour).', password: 'The new password.' },
  PasswordUpdate: { password: 'The new password.', photo_url: 'Optionally, a new profile photo at the same time.' },
  Session: { _id: 'Identifier of the signed-in user.', role: 'Role of the signed-in user.' },
  ResetLink: { url: 'The reset link to hand to the user (single use, valid 1 hour).' },
  PublicConfig: { map: 'The map tiles: Leaflet URL template and attribution.', social: 'The landing’s social links; null hides the icon.' },
  UploadedImage: {
    url: 'Path of the stored image (`/uploads/<hash>.webp`): use it in photo fields.',
    secure_url: 'Same as `url` (kept for older clients).',
    width: 'Width in pixels after resizing.',
    height: 'Height in pixels after resizing.',
  },
};

/** String fields that hold a timestamp: documented with `format: date-time`. */
export const DATE_TIME_FIELDS: ReadonlySet<string> = new Set(['created_at', 'updated_at', 'starts_at']);
