import { z } from 'zod';
import {
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
} from './constants.js';
import { ERROR_CODES, MSG } from './messages.js';

// ---------------------------------------------------------------------------------------------
// Field building blocks. Each carries its Spanish message so the form and the server agree.
// ---------------------------------------------------------------------------------------------

/** Required trimmed text with a message for "missing" (also used when the value has the wrong type). */
export const requiredText = (message: string, max = TEXT_MAX_LENGTH) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: MSG.textTooLong });

export const EmailSchema = z
  .string({ error: MSG.emailRequired })
  .trim()
  .min(1, { error: MSG.emailRequired })
  .pipe(z.email({ error: MSG.emailInvalid }).max(254, { error: MSG.emailInvalid }));

/** Password for login: only required (length rules would leak policy changes to old accounts). */
export const LoginPasswordSchema = z.string({ error: MSG.passwordRequired }).min(1, { error: MSG.passwordRequired });

/** New password: required and at least 8 characters. Capped to keep hashing cheap for attackers' payloads. */
export const NewPasswordSchema = z
  .string({ error: MSG.passwordRequired })
  .min(1, { error: MSG.passwordRequired })
  .min(PASSWORD_MIN_LENGTH, { error: MSG.passwordMin })
  .max(256, { error: MSG.textTooLong });

export const IdSchema = z.uuid({ error: MSG.notFound });
export const IdParamsSchema = z.object({ id: IdSchema });
export const PlaceIdParamsSchema = z.object({ placeId: IdSchema });

/** A URL of an image uploaded to this server (`/uploads/...`, relative or absolute on this host). */
export const UploadUrlSchema = z.string({ error: MSG.uploadNotOurs }).trim().min(1, { error: MSG.uploadNotOurs }).max(500);

export const DifficultySchema = z.enum(DIFFICULTIES, { error: MSG.difficultyInvalid });
export const RoleSchema = z.enum(ROLES);
export const StatusSchema = z.enum(STATUSES);
export const UploadPresetSchema = z.enum(UPLOAD_PRESETS, { error: MSG.validation });

const IsoDate = z.string();

// ---------------------------------------------------------------------------------------------
// Entities as JSON (DESIGN.md §4)
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
  verified: z.boolean(),
  created_at: IsoDate,
  updated_at: IsoDate,
});
export type Place = z.infer<typeof PlaceSchema>;

export const RatingSchema = z.object({
  _id: z.string(),
  id_user: z.string(),
  id_place: z.string(),
  photo_url: z.string(),
  rating: z.number(),
  comment: z.string(),
  created_at: IsoDate,
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
  target_type: z.enum(['user', 'place', 'rating']),
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

const nonNegative = (message: string) =>
  z.number({ error: message }).finite({ error: message }).min(0, { error: message }).max(1000, { error: message });

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
};

/** POST /api/place/create. `id_user` is accepted for the original client and ignored (the caller is the creator). */
export const PlaceCreateSchema = z.strictObject({ ...placeFields, id_user: z.string().optional() });
export type PlaceCreate = z.infer<typeof PlaceCreateSchema>;

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
});

export const RatingCreateSchema = z.strictObject({
  id_user: z.string().optional(),
  id_place: z.uuid({ error: MSG.placeNotFound }),
  // Missing or empty: "add a photo"; present but not ours: the server answers MSG.uploadNotOurs.
  photo_url: z.string({ error: MSG.reviewPhotoRequired }).trim().min(1, { error: MSG.reviewPhotoRequired }).max(500, { error: MSG.uploadNotOurs }),
  rating: z
    .number({ error: MSG.ratingInvalid })
    .int({ error: MSG.ratingInvalid })
    .min(RATING_MIN, { error: MSG.ratingInvalid })
    .max(RATING_MAX, { error: MSG.ratingInvalid }),
  comment: z
    .string({ error: MSG.commentRequired })
    .trim()
    .min(1, { error: MSG.commentRequired })
    .max(COMMENT_MAX_LENGTH, { error: MSG.commentTooLong }),
});
export type RatingCreate = z.infer<typeof RatingCreateSchema>;

/** PUT /api/user/update1/{id}: password change (and optionally the photo). Returns a fresh token. */
export const PasswordUpdateSchema = z.strictObject({
  password: NewPasswordSchema,
  photo_url: z.string().trim().max(500).optional(),
});
export type PasswordUpdate = z.infer<typeof PasswordUpdateSchema>;
export const PasswordUpdateResponseSchema = z.object({ user: UserSchema, token: z.string() });

const optionalSocial = z.string({ error: MSG.validation }).trim().max(NAME_MAX_LENGTH * 2, { error: MSG.textTooLong });

/** The guide application fields (SPEC.md §2, §5). */
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
  photo_url: z.string().trim().max(500).optional(),
  instagram: z.string().optional(),
  facebook: z.string().optional(),
  linkedin: z.string().optional(),
  other1: z.string().optional(),
  other2: z.string().optional(),
  other3: z.string().optional(),
  about_you: z.string().optional(),
  status: z.string().optional(),
  role: z.string().optional(),
});
export type SelfUpdate = z.infer<typeof SelfUpdateSchema>;

/** The three admin transitions on a user's guide status (DESIGN.md §4). */
export const ADMIN_TRANSITIONS = {
  approve: { status: 'Aprobado', role: 'guide' },
  reject: { status: 'Rechazado', role: 'user' },
  blockGuide: { status: 'none', role: 'user' },
} as const;
export type AdminTransition = keyof typeof ADMIN_TRANSITIONS;

export const AdminUserUpdateSchema = z.strictObject({ status: StatusSchema, role: RoleSchema });
export type AdminUserUpdate = z.infer<typeof AdminUserUpdateSchema>;

export const UsersQuerySchema = z.strictObject({ status: StatusSchema.optional() });
export const UploadQuerySchema = z.strictObject({ preset: UploadPresetSchema });
export const AdminActionsQuerySchema = z.strictObject({ target: z.uuid({ error: MSG.notFound }) });
