import { z } from 'zod';
import {
  ADMIN_ACTION_TARGETS,
  COMMENT_MAX_LENGTH,
  DIFFICULTIES,
  MAX_PLACE_PHOTOS,
  NAME_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  RATING_MAX,
  RATING_MIN,
  ROLES,
  STATUSES,
  TEXT_MAX_LENGTH,
  UPLOAD_PRESETS,
  ADMIN_ACTIONS,
  LAT_LIMIT,
  LON_LIMIT,
  MEETING_POINT_MAX_LENGTH,
  MEETING_POINT_MIN_LENGTH,
  OUTING_DESCRIPTION_MAX_LENGTH,
  OUTING_MAX_AHEAD_MS,
  OUTING_MIN_LEAD_MS,
  OUTING_STATUSES,
  PLACE_INDEX_LIMIT_MAX,
  SEARCH_COUNT_CAP,
  SEARCH_PAGE_MAX,
  SEARCH_TEXT_MAX,
} from './constants.js';
import { ERROR_CODES } from './http-messages.js';
import { MSG } from './messages.js';
import {
  CLOSURE_NOTE_MAX_LENGTH,
  CLOSURE_NOTE_MIN_LENGTH,
  earliestWalkedOn,
  isCalendarDate,
  limaDate,
  MAX_HAZARDS,
  TRAIL_CONDITIONS,
  TRAIL_HAZARDS,
} from './conditions.js';
import {
  ACCESS_KINDS,
  ALTITUDE_MAX_M,
  DAILY_QUOTA_MAX,
  FACTS_SOURCE_MAX_LENGTH,
  FEE_MAX_PEN,
  hasAtMostTwoDecimals,
  isHttpsUrl,
} from './access-facts.js';
import { TrackSummarySchema } from './track.js';

// ---------------------------------------------------------------------------------------------
// Field building blocks. Each carries its Spanish message so the form and the server agree.
// ---------------------------------------------------------------------------------------------

/** A NUL character or a UTF-16 surrogate without its pair: text PostgreSQL cannot store (or JSON mangles). */
const LONE_SURROGATE_RE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when `value` can be stored as text: no NUL character, no lone surrogate. */
export function isSafeText(value: string): boolean {
  return !value.includes('\u0000') && !LONE_SURROGATE_RE.test(value);
}

/**
 * THE way a request schema declares a string (every body, query and future call): a string that the
 * database can store. A NUL or a lone surrogate is a 400 with MSG.invalidCharacters on that field, before
 * any other rule of the field runs. `message` is the one for a missing value or a wrong type. Chain the
 * field's own rules after it: `text(MSG.x).trim().min(1, ...)`.
 */
export const text = (message: string = MSG.validation) =>
  z.string({ error: message }).refine(isSafeText, { error: MSG.invalidCharacters, abort: true });

/** Required trimmed text with a message for "missing" (also used when the value has the wrong type). */
export const requiredText = (message: string, max = TEXT_MAX_LENGTH) =>
  text(message)
    .trim()
    .min(1, { error: message })
    .max(max, { error: MSG.textTooLong });

export const EmailSchema = text(MSG.emailRequired)
  .trim()
  .min(1, { error: MSG.emailRequired })
  .pipe(z.email({ error: MSG.emailInvalid }).max(254, { error: MSG.emailInvalid }));

/** Password for login: only required (length rules would leak policy changes to old accounts). */
export const LoginPasswordSchema = text(MSG.passwordRequired).min(1, { error: MSG.passwordRequired });

/** New password: required and at least 8 characters. Capped to keep hashing cheap for attackers' payloads. */
export const NewPasswordSchema = text(MSG.passwordRequired)
  .min(1, { error: MSG.passwordRequired })
  .min(PASSWORD_MIN_LENGTH, { error: MSG.passwordMin })
  .max(256, { error: MSG.textTooLong });

export const IdSchema = z.uuid({ error: MSG.notFound });
export const IdParamsSchema = z.object({ id: IdSchema });
export const PlaceIdParamsSchema = z.object({ placeId: IdSchema });

/** A URL of an image uploaded to this server (`/uploads/...`, relative or absolute on this host). */
export const UploadUrlSchema = text(MSG.uploadNotOurs).trim().min(1, { error: MSG.uploadNotOurs }).max(500);

export const DifficultySchema = z.enum(DIFFICULTIES, { error: MSG.difficultyInvalid });
export const RoleSchema = z.enum(ROLES);
export const StatusSchema = z.enum(STATUSES);
export const UploadPresetSchema = z.enum(UPLOAD_PRESETS, { error: MSG.validation });

const IsoDate = z.string();

// ---------------------------------------------------------------------------------------------
// Entities as JSON (docs/product.md#calls)
// ---------------------------------------------------------------------------------------------

export const UserSchema = z.object({
  _id: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  photo_url: z.string(),
  role: RoleSchema,
  status: StatusSchema,
  instagram: z.string(),
  facebook: z.string(),
  linkedin: z.string(),
  other1: z.string(),
  other2: z.string(),
  other3: z.string(),
  about_you: z.string(),
  /** Whether the user receives notification e-mails ('Recibir correos' on /perfil). */
  email_notifications: z.boolean(),
  created_at: IsoDate,
});
export type User = z.infer<typeof UserSchema>;

export const AdminSchema = z.object({
  _id: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  photo_url: z.string(),
  email: z.string(),
});
export type Admin = z.infer<typeof AdminSchema>;

export const PlaceClosureSchema = z
  .object({
    until: z.string().nullable().describe('Last day closed (YYYY-MM-DD, Lima), or null: until an admin reopens it.'),
    note: z.string(),
  })
  .meta({ id: 'PlaceClosure', description: 'A temporary closure set by an administrator.' });

export const PlaceSchema = z.object({
  _id: z.string(),
  id_user: z.string(),
  name: z.string(),
  city: z.string(),
  difficulty: DifficultySchema,
  capacity: z.number(),
  time: z.tuple([z.number(), z.number()]),
  time_city: z.number(),
  photos: z.array(z.string()),
  description: z.string(),
  how_to_get: z.string(),
  tips: z.string(),
  rating: z.number(),
  comments: z.number(),
  /** The trailhead (WGS84), or null when unknown: both or neither (docs/product.md#planning). */
  lat: z.number().nullable(),
  lon: z.number().nullable(),
  verified: z.boolean(),
  created_at: IsoDate,
  updated_at: IsoDate,
  /** A temporary closure in force (docs/product.md#trail-conditions), null while open. */
  closure: PlaceClosureSchema.nullable(),
  /** Access facts (docs/product.md#access-facts): null (or no months) when unknown. */
  altitude_m: z.number().nullable(),
  fee_pen: z.number().nullable(),
  access: z.enum(ACCESS_KINDS).nullable(),
  daily_quota: z.number().nullable(),
  closed_months: z.array(z.number()),
  facts_source: z.string().nullable(),
  facts_checked_on: z.string().nullable(),
});
export type Place = z.infer<typeof PlaceSchema>;

export const TrailConditionSchema = z.enum(TRAIL_CONDITIONS, { error: MSG.conditionInvalid });
export const TrailHazardSchema = z.enum(TRAIL_HAZARDS, { error: MSG.hazardInvalid });

/** 'Estado reciente' (docs/product.md#trail-conditions): the reviews walked in the last 30 days. */
export const PlaceConditionsSchema = z
  .object({
    last_walked_on: z.string().describe('The most recent walked_on in the window (YYYY-MM-DD).'),
    condition: TrailConditionSchema.nullable().describe('The condition of the most recent report that names one.'),
    hazards: z.array(TrailHazardSchema).describe('Every hazard named by any report in the window.'),
    reports: z.number().describe('How many reviews were walked in the window.'),
  })
  .meta({ id: 'PlaceConditions', description: 'What reviews walked in the last 30 days (Lima calendar) found; null when there is none.' });

/** GET /api/place/{id}: the place, its recent conditions and its route track's figures (docs/product.md#tracks). */
export const PlaceDetailSchema = PlaceSchema.extend({
  conditions: PlaceConditionsSchema.nullable(),
  track: TrackSummarySchema.nullable().describe('The route track\'s figures, null without a track.'),
});
export type PlaceDetail = z.infer<typeof PlaceDetailSchema>;

/**
 * One entry of the browsing index (docs/product.md#catalogue): what cards, filters and sorting need,
 * nothing more. `photo` is the first photo (null when none).
 */
export const PlaceIndexEntrySchema = z.object({
  _id: z.string(),
  name: z.string(),
  city: z.string(),
  difficulty: DifficultySchema,
  time: z.tuple([z.number(), z.number()]),
  time_city: z.number(),
  photo: z.string().nullable(),
  rating: z.number(),
  comments: z.number(),
  created_at: IsoDate,
  lat: z.number().nullable(),
  lon: z.number().nullable(),
  /** A temporary closure's last day (null: until reopened); the entry has no `closed` while open. */
  closed: z.object({ until: z.string().nullable() }).optional(),
  /** docs/product.md#access-facts: what 'Abierto en', 'Entrada libre' and 'Sin agencia' read; each absent when it says nothing. */
  closed_months: z.array(z.number()).optional(),
  fee_free: z.literal(true).optional(),
  needs_agency: z.literal(true).optional(),
}).meta({ id: 'PlaceIndexEntry', description: 'One destination as cards, filters and sorting need it (docs/product.md#catalogue).' });
export type PlaceIndexEntry = z.infer<typeof PlaceIndexEntrySchema>;

/** GET /api/place/index?limit=N: the N newest only (the landing's first page). */
export const PlaceIndexQuerySchema = z.object({
  limit: z.coerce.number({ error: MSG.indexLimitInvalid }).int({ error: MSG.indexLimitInvalid }).min(1, { error: MSG.indexLimitInvalid }).max(PLACE_INDEX_LIMIT_MAX, { error: MSG.indexLimitInvalid }).optional(),
});

const searchText = text().max(SEARCH_TEXT_MAX, { error: MSG.searchTooLong }).optional();
/** A yes/no search parameter: '1' or 'true' turns it on, '0', 'false' or empty leaves it off; anything else is 400 naming it. */
const searchFlag = z
  .enum(['1', 'true', '0', 'false', ''], { error: MSG.searchFlagInvalid })
  .optional()
  .transform((v) => (v === undefined ? undefined : v === '1' || v === 'true'));
/** GET /api/place/search: the filters of docs/product.md#search, keyset-paged. Unknown parameters are ignored. */
export const PlaceSearchQuerySchema = z.object({
  name: searchText.describe('A word of the name starts with this text (which may span words); accents and case ignored. At most 100 characters.'),
  city: searchText.describe('The city starts with this text; accents and case ignored. At most 100 characters.'),
  difficulty: searchText.describe('The difficulty contains this text (Fácil, Media, Exigente, Difícil); accents and case ignored.'),
  cursor: z.string().max(200, { error: MSG.searchCursorInvalid }).optional().describe('The `next` of the previous page; a cursor not made by the server is 400.'),
  /** docs/product.md#access-facts: 'Abierto en' (a month), 'Entrada libre' and 'Sin agencia' ('1' or 'true'). */
  open: z.coerce
    .number({ error: MSG.searchMonthInvalid })
    .int({ error: MSG.searchMonthInvalid })
    .min(1, { error: MSG.searchMonthInvalid })
    .max(12, { error: MSG.searchMonthInvalid })
    .optional()
    .describe("'Abierto en': a month 1-12 (January = 1). Keeps places not closed that month and not temporarily closed today in Lima; places whose months are unknown are kept. Anything else is 400 naming `open`."),
  free: searchFlag.describe("'Entrada libre': `1` or `true` keeps only places whose entry fee is known to be 0; `0`, `false` or absent: off. Anything else is 400 naming `free`."),
  no_agency: searchFlag.describe("'Sin agencia': `1` or `true` drops places whose access needs an agency, a guide or a permit (`con_guia`, `solo_agencia`, `permiso_con_cupo`); an unknown access is kept. Anything else is 400 naming `no_agency`."),
  limit: z.coerce
    .number({ error: MSG.searchLimitInvalid })
    .int({ error: MSG.searchLimitInvalid })
    .min(1, { error: MSG.searchLimitInvalid })
    .max(SEARCH_PAGE_MAX, { error: MSG.searchLimitInvalid })
    .optional()
    .describe('Places per page, 1-50 (default 24).'),
});
export type PlaceSearchQuery = Omit<z.infer<typeof PlaceSearchQuerySchema>, 'free' | 'no_agency'> & { free?: boolean | undefined; no_agency?: boolean | undefined };
export const PlaceSearchResponseSchema = z.object({
  items: z.array(PlaceIndexEntrySchema),
  /** Pass as `cursor` for the next page; null on the last page. */
  next: z.string().nullable(),
  /** How many places match in all; when `totalCapped`, the count stopped there and more match. */
  total: z.number().describe(`How many places match; when totalCapped is true, more than this many match (the count stops at ${SEARCH_COUNT_CAP}).`),
  /** True when more than `total` places match: the server counts at most SEARCH_COUNT_CAP. */
  totalCapped: z.boolean().describe(`True when more places match than total says: the count stops after ${SEARCH_COUNT_CAP} matches, and total is then ${SEARCH_COUNT_CAP}.`),
  /** When nothing matches: the typed name with its misspelt words corrected, if that finds places (docs/product.md#did-you-mean). */
  suggestion: z.string().nullable().describe('When total is 0: the name with each misspelt word replaced by the nearest word of a verified place name, offered only if that search finds places; otherwise null.'),
}).meta({ id: 'PlaceSearchPage', description: 'One page of server search results, newest first.' });
export type PlaceSearchResponse = z.infer<typeof PlaceSearchResponseSchema>;

export const RatingSchema = z.object({
  _id: z.string(),
  id_user: z.string(),
  id_place: z.string(),
  photo_url: z.string(),
  rating: z.number(),
  comment: z.string(),
  created_at: IsoDate,
  /** docs/product.md#trail-conditions: when it was walked, the state of the path, what was in the way. */
  walked_on: z.string().nullable(),
  condition: TrailConditionSchema.nullable(),
  hazards: z.array(TrailHazardSchema),
});
export type Rating = z.infer<typeof RatingSchema>;

/** A review as listed under a place: with its author's display name and avatar. */
export const RatingListItemSchema = RatingSchema.extend({
  name: z.string(),
  name_user: z.string(),
  photo_user: z.string(),
  image: z.string(),
});
export type RatingListItem = z.infer<typeof RatingListItemSchema>;

export const SessionSchema = z.object({ token: z.string(), _id: z.string(), role: RoleSchema });
export type Session = z.infer<typeof SessionSchema>;
export const LoginResponseSchema = SessionSchema;
export type LoginResponse = Session;

export const DeletedSchema = z.object({ _id: z.string(), deleted: z.literal(true) });
export type Deleted = z.infer<typeof DeletedSchema>;

export const UploadResponseSchema = z.object({
  url: z.string(),
  secure_url: z.string(),
  width: z.number(),
  height: z.number(),
});
export type UploadResponse = z.infer<typeof UploadResponseSchema>;

export const AdminActionKindSchema = z.enum(ADMIN_ACTIONS);
export const AdminActionSchema = z.object({
  _id: z.string(),
  admin: z.object({ _id: z.string(), name: z.string() }),
  action: AdminActionKindSchema,
  target_type: z.enum(ADMIN_ACTION_TARGETS),
  target_id: z.string(),
  created_at: IsoDate,
});
export type AdminAction = z.infer<typeof AdminActionSchema>;

export const ApiErrorSchema = z.object({
  error: z.object({
    code: z.enum(ERROR_CODES),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;

export const HealthSchema = z.object({ ok: z.literal(true) });

/** GET /api/config: what the web app needs to know of the server's configuration (no secrets). */
export const PublicConfigSchema = z.object({
  map: z.object({
    /** Leaflet URL template of the raster tiles (MAP_TILE_URL). */
    tile_url: z.string(),
    /** The tiles' attribution, HTML as Leaflet shows it. */
    attribution: z.string(),
  }),
  /** The landing's social links (SOCIAL_*_URL); null when unset, and the icon is hidden. */
  social: z.object({ instagram: z.string().nullable(), facebook: z.string().nullable(), x: z.string().nullable() }),
});
export type PublicConfig = z.infer<typeof PublicConfigSchema>;

// ---------------------------------------------------------------------------------------------
// Requests (server validates with these; `.strict()` turns unknown fields into 400)
// ---------------------------------------------------------------------------------------------

export const LoginRequestSchema = z.strictObject({ email: EmailSchema, password: LoginPasswordSchema });
export type LoginRequest = z.infer<typeof LoginRequestSchema>;

export const RegisterRequestSchema = z.strictObject({
  email: EmailSchema,
  password: NewPasswordSchema,
  firstname: requiredText(MSG.firstnameRequired, NAME_MAX_LENGTH),
  lastname: requiredText(MSG.lastnameRequired, NAME_MAX_LENGTH),
});
export type RegisterRequest = z.infer<typeof RegisterRequestSchema>;

/**
 * Hours: 0, or from 0.01 (36 s) to 1000. Smaller positive numbers (1e-300, found by the OpenAPI fuzzer) do
 * not fit the database's single-precision column and would fail the insert.
 */
const nonNegative = (message: string) =>
  z
    .number({ error: message })
    .finite({ error: message })
    .min(0, { error: message })
    .max(1000, { error: message })
    .refine((hours) => hours === 0 || hours >= 0.01, { error: message });

const placeFields = {
  name: requiredText(MSG.placeNameRequired, NAME_MAX_LENGTH),
  city: requiredText(MSG.cityRequired, NAME_MAX_LENGTH),
  difficulty: DifficultySchema,
  capacity: z
    .number({ error: MSG.capacityInvalid })
    .int({ error: MSG.capacityInvalid })
    .min(1, { error: MSG.capacityInvalid })
    .max(100000, { error: MSG.capacityInvalid }),
  time: z
    .tuple([nonNegative(MSG.timeInvalid), nonNegative(MSG.timeInvalid)], { error: MSG.timeInvalid })
    .refine(([min, max]) => min <= max, { error: MSG.timeRange }),
  time_city: nonNegative(MSG.timeCityInvalid),
  photos: z
    .array(UploadUrlSchema, { error: MSG.photosRequired })
    .min(1, { error: MSG.photosRequired })
    .max(MAX_PLACE_PHOTOS, { error: MSG.photosTooMany }),
  description: requiredText(MSG.descriptionRequired),
  how_to_get: requiredText(MSG.howToGetRequired),
  tips: requiredText(MSG.tipsRequired),
  // null clears the trailhead on update (and means "none" on create).
  lat: z
    .number({ error: MSG.latInvalid })
    .min(LAT_LIMIT * -1, { error: MSG.latInvalid })
    .max(LAT_LIMIT, { error: MSG.latInvalid })
    .nullable()
    .optional(),
  lon: z
    .number({ error: MSG.lonInvalid })
    .min(LON_LIMIT * -1, { error: MSG.lonInvalid })
    .max(LON_LIMIT, { error: MSG.lonInvalid })
    .nullable()
    .optional(),
  // docs/product.md#access-facts: optional; null (or no months) means unknown.
  altitude_m: z
    .number({ error: MSG.altitudeInvalid })
    .int({ error: MSG.altitudeInvalid })
    .min(0, { error: MSG.altitudeInvalid })
    .max(ALTITUDE_MAX_M, { error: MSG.altitudeInvalid })
    .nullable()
    .optional(),
  fee_pen: z
    .number({ error: MSG.feeInvalid })
    .min(0, { error: MSG.feeInvalid })
    .max(FEE_MAX_PEN, { error: MSG.feeInvalid })
    .refine(hasAtMostTwoDecimals, { error: MSG.feeInvalid })
    .nullable()
    .optional(),
  access: z.enum(ACCESS_KINDS, { error: MSG.accessInvalid }).nullable().optional(),
  daily_quota: z
    .number({ error: MSG.quotaInvalid })
    .int({ error: MSG.quotaInvalid })
    .min(1, { error: MSG.quotaInvalid })
    .max(DAILY_QUOTA_MAX, { error: MSG.quotaInvalid })
    .nullable()
    .optional(),
  closed_months: z
    .array(z.number({ error: MSG.closedMonthsInvalid }).int({ error: MSG.closedMonthsInvalid }).min(1, { error: MSG.closedMonthsInvalid }).max(12, { error: MSG.closedMonthsInvalid }), {
      error: MSG.closedMonthsInvalid,
    })
    .max(12, { error: MSG.closedMonthsInvalid })
    .refine((list) => new Set(list).size === list.length, { error: MSG.closedMonthsInvalid })
    .optional(),
  facts_source: text(MSG.factsSourceInvalid)
    .trim()
    .max(FACTS_SOURCE_MAX_LENGTH, { error: MSG.factsSourceInvalid })
    .refine(isHttpsUrl, { error: MSG.factsSourceInvalid })
    .nullable()
    .optional(),
};

/** Set only by the server (docs/product.md#access-facts): a body that sends it gets 400 naming it. */
const factsCheckedOnField = z.never({ error: MSG.factsCheckedOnReadOnly }).optional();

const coordinateKind = (v: number | null | undefined) => (v === undefined ? 'missing' : v === null ? 'null' : 'number');

/**
 * Latitude and longitude come together: both numbers, both null or both absent (docs/product.md#planning).
 * The issue names the field that is missing (or null while the other is a number).
 */
export function checkCoordinatesTogether(value: { lat?: number | null; lon?: number | null }, ctx: z.RefinementCtx): void {
  const lat = coordinateKind(value.lat);
  const lon = coordinateKind(value.lon);
  if (lat === lon) return;
  const path = lat === 'number' ? 'lon' : lon === 'number' ? 'lat' : lat === 'missing' ? 'lat' : 'lon';
  ctx.addIssue({ code: 'custom', path: [path], message: MSG.coordinatesTogether });
}

/** POST /api/place/create. `id_user` is accepted for the original client and ignored (the caller is the creator). */
export const PlaceCreateSchema = z
  .strictObject({ ...placeFields, id_user: text().optional() })
  .superRefine(checkCoordinatesTogether);
export type PlaceCreate = z.infer<typeof PlaceCreateSchema>;
/** POST /api/place/create as the server validates it: `facts_checked_on` gets its own 400 message. */
export const PlaceCreateRequestSchema = z
  .strictObject({ ...placeFields, id_user: text().optional(), facts_checked_on: factsCheckedOnField })
  .superRefine(checkCoordinatesTogether);

/** PUT /api/place/update/{id}: a partial update of the editable fields only. */
export const PlaceUpdateSchema = z.strictObject(placeFields).partial();
export type PlaceUpdate = z.infer<typeof PlaceUpdateSchema>;

const readOnlyField = z.never({ error: MSG.readOnlyField }).optional();
/**
 * PUT /api/place/update/{id} as the server validates it: PlaceUpdateSchema, where the fields that can
 * never be set this way (`verified`, `id_user`, `rating`, `comments`) get their own message (400).
 */
export const PlaceUpdateRequestSchema = PlaceUpdateSchema.extend({
  verified: readOnlyField,
  id_user: readOnlyField,
  rating: readOnlyField,
  comments: readOnlyField,
  facts_checked_on: factsCheckedOnField,
}).superRefine(checkCoordinatesTogether);

/**
 * `walked_on`: a calendar date (YYYY-MM-DD), not after today and not more than 2 years back, in Lima's
 * calendar on the moment it is checked (docs/product.md#trail-conditions).
 */
export const WalkedOnSchema = text(MSG.walkedOnInvalid)
  .trim()
  .superRefine((value, ctx) => {
    if (!isCalendarDate(value)) {
      ctx.addIssue({ code: 'custom', message: MSG.walkedOnInvalid });
      return;
    }
    const today = limaDate();
    if (value > today) ctx.addIssue({ code: 'custom', message: MSG.walkedOnFuture });
    else if (value < earliestWalkedOn(today)) ctx.addIssue({ code: 'custom', message: MSG.walkedOnTooOld });
  });

/** Up to 5 distinct hazards. */
export const HazardsSchema = z
  .array(TrailHazardSchema, { error: MSG.hazardInvalid })
  .max(MAX_HAZARDS, { error: MSG.hazardsTooMany })
  .refine((list) => new Set(list).size === list.length, { error: MSG.hazardsRepeated });

const reviewFields = {
  // Missing or empty: "add a photo"; present but not ours: the server answers MSG.uploadNotOurs.
  photo_url: text(MSG.reviewPhotoRequired).trim().min(1, { error: MSG.reviewPhotoRequired }).max(500, { error: MSG.uploadNotOurs }),
  rating: z
    .number({ error: MSG.ratingInvalid })
    .int({ error: MSG.ratingInvalid })
    .min(RATING_MIN, { error: MSG.ratingInvalid })
    .max(RATING_MAX, { error: MSG.ratingInvalid }),
  comment: text(MSG.commentRequired)
    .trim()
    .min(1, { error: MSG.commentRequired })
    .max(COMMENT_MAX_LENGTH, { error: MSG.commentTooLong }),
  /** Optional (SPEC's review stays valid); null means "not said". */
  walked_on: WalkedOnSchema.nullable().optional(),
  condition: TrailConditionSchema.nullable().optional(),
  hazards: HazardsSchema.optional(),
};

export const RatingCreateSchema = z.strictObject({
  id_user: text().optional(),
  id_place: z.uuid({ error: MSG.placeNotFound }),
  ...reviewFields,
});
export type RatingCreate = z.infer<typeof RatingCreateSchema>;

/** PUT /api/rating/update/{id}: its author corrects any of the review's fields, under the rules of create. */
export const RatingUpdateSchema = z
  .strictObject(reviewFields)
  .partial()
  .refine((patch) => Object.values(patch).some((v) => v !== undefined), { error: MSG.reviewUpdateEmpty });
export type RatingUpdate = z.infer<typeof RatingUpdateSchema>;

/**
 * PUT /api/place/{id}/closure: `{until, note}` closes the place (note 3-300 characters; `until` its
 * last closed day, today or later, or null until reopened); `{until: null, note: null}` reopens it.
 */
export const PlaceClosureRequestSchema = z
  .strictObject({
    until: text(MSG.closureUntilInvalid).trim().nullable(),
    note: text(MSG.closureNoteInvalid)
      .trim()
      .min(CLOSURE_NOTE_MIN_LENGTH, { error: MSG.closureNoteInvalid })
      .max(CLOSURE_NOTE_MAX_LENGTH, { error: MSG.closureNoteInvalid })
      .nullable(),
  })
  .superRefine((body, ctx) => {
    if (body.until === null) return;
    if (body.note === null) ctx.addIssue({ code: 'custom', path: ['until'], message: MSG.closureReopenWithDate });
    else if (!isCalendarDate(body.until)) ctx.addIssue({ code: 'custom', path: ['until'], message: MSG.closureUntilInvalid });
    else if (body.until < limaDate()) ctx.addIssue({ code: 'custom', path: ['until'], message: MSG.closureUntilPast });
  });
export type PlaceClosureRequest = z.infer<typeof PlaceClosureRequestSchema>;

/** One entry of the admins' queue 'Reportes del sendero' (GET /api/admin/trail-reports). */
export const TrailReportSchema = z
  .object({
    review: RatingSchema,
    place: z.object({ _id: z.string(), name: z.string(), city: z.string(), closure: PlaceClosureSchema.nullable() }),
    author: z.object({ _id: z.string(), name: z.string(), photo_url: z.string() }),
  })
  .meta({ id: 'TrailReport', description: 'A review that reported the path Peligroso or Cerrado, with its place and author.' });
export type TrailReport = z.infer<typeof TrailReportSchema>;

/** PUT /api/user/update1/{id}: password change (and optionally the photo). Returns a fresh token. */
export const PasswordUpdateSchema = z.strictObject({
  password: NewPasswordSchema,
  photo_url: text().trim().max(500).optional(),
});
export type PasswordUpdate = z.infer<typeof PasswordUpdateSchema>;
export const PasswordUpdateResponseSchema = z.object({ user: UserSchema, token: z.string() });

const optionalSocial = text(MSG.validation).trim().max(NAME_MAX_LENGTH * 2, { error: MSG.textTooLong });

/** The guide application fields (docs/product.md#guide-application). */
export const GuideApplicationSchema = z.strictObject({
  instagram: requiredText(MSG.instagramRequired, NAME_MAX_LENGTH * 2),
  facebook: requiredText(MSG.facebookRequired, NAME_MAX_LENGTH * 2),
  linkedin: requiredText(MSG.linkedinRequired, NAME_MAX_LENGTH * 2),
  other1: optionalSocial.optional(),
  other2: optionalSocial.optional(),
  other3: optionalSocial.optional(),
  about_you: requiredText(MSG.aboutYouRequired),
});
export type GuideApplication = z.infer<typeof GuideApplicationSchema>;

/**
 * PUT /api/user/update2/{id} by the user themself: the photo ("" removes it), and/or a guide
 * application with `status: "Enviado"`. The service decides which shape applies.
 */
export const SelfUpdateSchema = z.strictObject({
  photo_url: text().trim().max(500).optional(),
  instagram: text().optional(),
  facebook: text().optional(),
  linkedin: text().optional(),
  other1: text().optional(),
  other2: text().optional(),
  other3: text().optional(),
  about_you: text().optional(),
  status: text().optional(),
  role: text().optional(),
  email_notifications: z.boolean({ error: MSG.validation }).optional(),
});
export type SelfUpdate = z.infer<typeof SelfUpdateSchema>;

/** PUT /api/user/update2/{id} by an admin on another user: one of the three guide transitions. */
export const AdminUserUpdateSchema = z.strictObject({ status: StatusSchema, role: RoleSchema });
export type AdminUserUpdate = z.infer<typeof AdminUserUpdateSchema>;

/**
 * The two bodies of PUT /api/user/update2/{id}, as the route declares them (so the OpenAPI document
 * describes both). Every admin body is also a valid self body, so validation accepts exactly what
 * SelfUpdateSchema accepts; the service decides which rules apply from who calls on whom
 * (docs/decisions/004-update2-by-the-user-themself.md, 005-update2-by-an-admin.md).
 */
export const UserUpdate2Schema = z.union([
  SelfUpdateSchema.describe('By the user themself: the photo ("" removes it) and/or a guide application with status "Enviado".'),
  AdminUserUpdateSchema.describe('By an admin on another user: exactly {status, role}, one of approve, reject or block guide.'),
]);
export type UserUpdate2 = z.infer<typeof UserUpdate2Schema>;

export const UsersQuerySchema = z.strictObject({ status: StatusSchema.optional() });
export const UploadQuerySchema = z.strictObject({ preset: UploadPresetSchema });
export const AdminActionsQuerySchema = z.strictObject({ target: z.uuid({ error: MSG.notFound }) });

/** PUT/DELETE /api/saved/{placeId} (docs/product.md#saved). */
export const SavedStateSchema = z.object({ _id: z.string(), saved: z.boolean() });
export type SavedState = z.infer<typeof SavedStateSchema>;
// ---------------------------------------------------------------------------------------------
// Password recovery
// ---------------------------------------------------------------------------------------------

/** POST /api/password/forgot. */
export const PasswordForgotSchema = z.strictObject({ email: EmailSchema });
export type PasswordForgot = z.infer<typeof PasswordForgotSchema>;

/** The token of a reset link: opaque base64url text; anything else is the same "invalid link" answer. */
export const ResetTokenSchema = z
  .string({ error: MSG.resetInvalid })
  .min(1, { error: MSG.resetInvalid })
  .max(200, { error: MSG.resetInvalid })
  .regex(/^[A-Za-z0-9_-]+$/, { error: MSG.resetInvalid });

/** POST /api/password/reset. */
export const PasswordResetSchema = z.strictObject({ token: ResetTokenSchema, password: NewPasswordSchema });
export type PasswordReset = z.infer<typeof PasswordResetSchema>;

export const OkSchema = z.object({ ok: z.literal(true) });
export const ResetLinkSchema = z.object({ url: z.string() });
export type ResetLink = z.infer<typeof ResetLinkSchema>;

// ---------------------------------------------------------------------------------------------
// Group outings (docs/product.md#outings)
// ---------------------------------------------------------------------------------------------

export const OutingStatusSchema = z.enum(OUTING_STATUSES);

export const OutingParticipantSchema = z.object({ _id: z.string(), name: z.string(), photo_url: z.string() });
export type OutingParticipant = z.infer<typeof OutingParticipantSchema>;

/** An outing as JSON. `participants` only for its guide and for admins; nobody else ever gets it. */
export const OutingSchema = z.object({
  _id: z.string(),
  id_place: z.string(),
  place_name: z.string(),
  id_guide: z.string(),
  guide_name: z.string(),
  guide_photo: z.string(),
  starts_at: IsoDate,
  meeting_point: z.string(),
  description: z.string(),
  spots: z.number(),
  taken: z.number(),
  status: OutingStatusSchema,
  joined: z.boolean(),
  created_at: IsoDate,
  participants: z.array(OutingParticipantSchema).optional(),
});
export type Outing = z.infer<typeof OutingSchema>;

export const MyOutingsSchema = z.object({ joined: z.array(OutingSchema), leading: z.array(OutingSchema) });
export type MyOutings = z.infer<typeof MyOutingsSchema>;

/**
 * `starts_at`: ISO 8601 with a zone (`Z` or an offset), at least 1 hour and at most 365 days ahead of
 * the moment it is checked (the server checks again on arrival).
 */
const IsoDateTimeSchema = z.iso.datetime({ offset: true });
export const OutingStartsAtSchema = text(MSG.outingDateInvalid)
  .trim()
  .superRefine((value, ctx) => {
    const at = Date.parse(value);
    if (!IsoDateTimeSchema.safeParse(value).success || !Number.isFinite(at)) {
      ctx.addIssue({ code: 'custom', message: MSG.outingDateInvalid });
      return;
    }
    const now = Date.now();
    if (at < now + OUTING_MIN_LEAD_MS) ctx.addIssue({ code: 'custom', message: MSG.outingDateTooSoon });
    else if (at > now + OUTING_MAX_AHEAD_MS) ctx.addIssue({ code: 'custom', message: MSG.outingDateTooFar });
  });

export const OutingSpotsSchema = z
  .number({ error: MSG.spotsInvalid })
  .int({ error: MSG.spotsInvalid })
  .min(1, { error: MSG.spotsInvalid })
  .max(100000, { error: MSG.spotsOverCapacity });

/** POST /api/outing/create. The spots' upper bound (the place's `capacity`) is checked with the place. */
export const OutingCreateSchema = z.strictObject({
  id_place: z.uuid({ error: MSG.placeNotFound }),
  starts_at: OutingStartsAtSchema,
  meeting_point: text(MSG.meetingPointInvalid)
    .trim()
    .min(MEETING_POINT_MIN_LENGTH, { error: MSG.meetingPointInvalid })
    .max(MEETING_POINT_MAX_LENGTH, { error: MSG.meetingPointInvalid }),
  description: text()
    .trim()
    .max(OUTING_DESCRIPTION_MAX_LENGTH, { error: MSG.outingDescriptionTooLong })
    .optional(),
  spots: OutingSpotsSchema,
});
export type OutingCreate = z.infer<typeof OutingCreateSchema>;

/** The same rule on both sides: an outing cannot offer more spots than the place's Aforo. */
export function spotsWithinCapacity(spots: number, capacity: number): boolean {
  return spots <= capacity;
}
