import { z } from 'zod';
import { MSG } from './messages.js';
import { ACCESS_KINDS } from './access-facts.js';
import { LAT_LIMIT, LON_LIMIT, OUTING_TIME_ZONE_OFFSET, PASSWORD_MIN_LENGTH, RATING_MAX, RATING_MIN } from './constants.js';
import {
  EmailSchema,
  LoginPasswordSchema,
  NewPasswordSchema,
  OutingCreateSchema,
  RegisterRequestSchema,
  PlaceCreateSchema,
  RatingCreateSchema,
  HazardsSchema,
  TrailConditionSchema,
  WalkedOnSchema,
  spotsWithinCapacity,
  text,
} from './schemas.js';

/**
 * Form schemas for the web app. They reuse the request schemas so a rule is written once
 * (epic-stack habit); only client-only fields such as the confirmation are added here.
 */

export const LoginFormSchema = z.object({ email: EmailSchema, password: LoginPasswordSchema });
export type LoginForm = z.infer<typeof LoginFormSchema>;

export const RegisterFormSchema = RegisterRequestSchema.extend({
  confirm: text(MSG.confirmRequired).min(1, { error: MSG.confirmRequired }),
}).refine((v) => v.password === v.confirm, { path: ['confirm'], error: MSG.confirmMismatch });
export type RegisterForm = z.infer<typeof RegisterFormSchema>;

/** /recuperar: the e-mail only. */
export const ForgotFormSchema = z.object({ email: EmailSchema });
export type ForgotForm = z.infer<typeof ForgotFormSchema>;

/** /restablecer: the new password twice, with the register form's rules and messages. */
export const PasswordResetFormSchema = z
  .object({
    password: NewPasswordSchema,
    confirm: z.string({ error: MSG.confirmRequired }).min(1, { error: MSG.confirmRequired }),
  })
  .refine((v) => v.password === v.confirm, { path: ['confirm'], error: MSG.confirmMismatch });
export type PasswordResetForm = z.infer<typeof PasswordResetFormSchema>;

/** Profile edit: both empty means "photo only"; otherwise at least 8 characters and equal. */
export const ProfilePasswordFormSchema = z
  .object({ password: z.string(), confirm: z.string() })
  .superRefine((v, ctx) => {
    if (v.password === '' && v.confirm === '') return;
    if (v.password.length < PASSWORD_MIN_LENGTH) ctx.addIssue({ code: 'custom', path: ['password'], message: MSG.passwordMin });
    if (v.password !== v.confirm) ctx.addIssue({ code: 'custom', path: ['confirm'], message: MSG.profileConfirmMismatch });
  });
export type ProfilePasswordForm = z.infer<typeof ProfilePasswordFormSchema>;

export const ReviewFormSchema = z.object({
  photo_url: z.string().min(1, { error: MSG.reviewPhotoRequired }),
  rating: z.number({ error: MSG.ratingInvalid }).int().min(RATING_MIN, { error: MSG.ratingInvalid }).max(RATING_MAX, { error: MSG.ratingInvalid }),
  comment: RatingCreateSchema.shape.comment,
  // docs/product.md#trail-conditions: 'Fecha de la caminata' (today by default), the state, the hazards.
  walked_on: WalkedOnSchema,
  condition: TrailConditionSchema.nullable(),
  hazards: HazardsSchema,
});
export type ReviewForm = z.infer<typeof ReviewFormSchema>;

/** The place form edits numbers as strings (number inputs); they are coerced on submit. */
const numberField = (message: string) =>
  z.union([z.string(), z.number()]).transform((v, ctx) => {
    const n = typeof v === 'number' ? v : v.trim() === '' ? Number.NaN : Number(v);
    if (!Number.isFinite(n)) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return n;
  });

/**
 * A coordinate typed as text ('' when none), as a number or null. A comma is read as the decimal
 * point (a Spanish keyboard writes -9,04). Out of range or not a number: the field's message.
 */
const coordinateField = (limit: number, message: string) =>
  z.union([z.string(), z.number(), z.null()]).optional().transform((v, ctx) => {
    if (v === null || v === undefined) return null;
    if (typeof v === 'string' && v.trim() === '') return null;
    const n = typeof v === 'number' ? v : /^\s*[-+]?(\d+([.,]\d*)?|[.,]\d+)\s*$/.test(v) ? Number(v.trim().replace(',', '.')) : Number.NaN;
    if (!Number.isFinite(n) || n < -limit || n > limit) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return n;
  });

/**
 * The trailhead fields of the place form (docs/product.md#planning): both or neither. Checked as soon
 * as both coordinates read, even while other fields are still empty; the message goes under the empty one.
 */
const coordinatesTogether = (missing: 'lat' | 'lon'): [(v: { lat: number | null; lon: number | null }) => boolean, z.core.$ZodCustomParams] => [
  (v) => !(v[missing] === null && v[missing === 'lat' ? 'lon' : 'lat'] !== null),
  {
    path: [missing],
    error: MSG.coordinatesTogether,
    when: (payload) => !payload.issues.some((i) => i.path?.[0] === 'lat' || i.path?.[0] === 'lon'),
  },
];

/** An optional number typed as text: '' is null (unknown); otherwise the field's rules. */
const optionalNumberField = (message: string) =>
  z.union([z.string(), z.number(), z.null()]).optional().transform((v, ctx) => {
    if (v === null || v === undefined) return null;
    if (typeof v === 'string' && v.trim() === '') return null;
    const n = typeof v === 'number' ? v : /^\s*\d+([.,]\d*)?\s*$/.test(v) ? Number(v.trim().replace(',', '.')) : Number.NaN;
    if (!Number.isFinite(n)) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return n;
  });

export const PlaceFormSchema = z
  .object({
    name: PlaceCreateSchema.shape.name,
    city: PlaceCreateSchema.shape.city,
    difficulty: PlaceCreateSchema.shape.difficulty,
    capacity: numberField(MSG.capacityInvalid).pipe(PlaceCreateSchema.shape.capacity),
    time_min: numberField(MSG.timeInvalid).pipe(z.number().min(0, { error: MSG.timeInvalid })),
    time_max: numberField(MSG.timeInvalid).pipe(z.number().min(0, { error: MSG.timeInvalid })),
    time_city: numberField(MSG.timeCityInvalid).pipe(PlaceCreateSchema.shape.time_city),
    photos: PlaceCreateSchema.shape.photos,
    description: PlaceCreateSchema.shape.description,
    how_to_get: PlaceCreateSchema.shape.how_to_get,
    tips: PlaceCreateSchema.shape.tips,
    lat: coordinateField(LAT_LIMIT, MSG.latInvalid),
    lon: coordinateField(LON_LIMIT, MSG.lonInvalid),
    // docs/product.md#access-facts: empty means unknown.
    altitude_m: optionalNumberField(MSG.altitudeInvalid).pipe(PlaceCreateSchema.shape.altitude_m.unwrap()),
    fee_pen: optionalNumberField(MSG.feeInvalid).pipe(PlaceCreateSchema.shape.fee_pen.unwrap()),
    daily_quota: optionalNumberField(MSG.quotaInvalid).pipe(PlaceCreateSchema.shape.daily_quota.unwrap()),
    access: z
      .union([z.literal(''), z.enum(ACCESS_KINDS)], { error: MSG.accessInvalid })
      .optional()
      .transform((v) => (v ? v : null)),
    closed_months: PlaceCreateSchema.shape.closed_months.unwrap().optional().transform((v) => v ?? []),
    facts_source: z
      .string()
      .optional()
      .transform((v) => (v && v.trim() !== '' ? v.trim() : null))
      .pipe(PlaceCreateSchema.shape.facts_source.unwrap()),
  })
  .refine(...coordinatesTogether('lat'))
  .refine(...coordinatesTogether('lon'))
  .refine((v) => v.time_min <= v.time_max, {
    path: ['time_max'],
    error: MSG.timeRange,
    // Checked as soon as both times are numbers, even while other fields are still empty, so the
    // form can say why it cannot be sent.
    when: (payload) => !payload.issues.some((i) => i.path?.[0] === 'time_min' || i.path?.[0] === 'time_max'),
  });
export type PlaceFormInput = z.input<typeof PlaceFormSchema>;
export type PlaceFormOutput = z.output<typeof PlaceFormSchema>;

/**
 * 'YYYY-MM-DDTHH:mm' typed in a datetime-local field, read as Lima time (UTC-5 all year), to the
 * ISO 8601 UTC string the API takes; '' for anything else (the schema then says why).
 */
export function limaLocalToIso(value: string): string {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value)) return '';
  const at = Date.parse(`${value.length === 16 ? `${value}:00` : value}${OUTING_TIME_ZONE_OFFSET}`);
  return Number.isFinite(at) ? new Date(at).toISOString() : '';
}

/** The inverse of limaLocalToIso: an instant as 'YYYY-MM-DDTHH:mm' in Lima time (for the field's min/max). */
export function isoToLimaLocal(iso: string | number | Date): string {
  const ms = new Date(iso).getTime() - 5 * 60 * 60 * 1000;
  return new Date(ms).toISOString().slice(0, 16);
}

/**
 * 'Organizar una salida': the request schema's rules plus the place's Aforo as the spots' ceiling.
 * The date is typed in Lima time; spots arrive as the number input's string.
 */
export function outingFormSchema(capacity: number) {
  return z.object({
    starts_at: z
      .string()
      .transform((v) => limaLocalToIso(v))
      .pipe(OutingCreateSchema.shape.starts_at),
    meeting_point: OutingCreateSchema.shape.meeting_point,
    spots: numberField(MSG.spotsInvalid)
      .pipe(OutingCreateSchema.shape.spots)
      .refine((n) => spotsWithinCapacity(n, capacity), { error: MSG.spotsOverCapacity }),
    description: OutingCreateSchema.shape.description.unwrap(),
  });
}
export type OutingFormInput = z.input<ReturnType<typeof outingFormSchema>>;
export type OutingFormOutput = z.output<ReturnType<typeof outingFormSchema>>;
