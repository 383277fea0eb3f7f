import { z } from 'zod';
import { MSG } from './messages.js';
import { PASSWORD_MIN_LENGTH, RATING_MAX, RATING_MIN } from './constants.js';
import { EmailSchema, LoginPasswordSchema, RegisterRequestSchema, PlaceCreateSchema, RatingCreateSchema } from './schemas.js';

/**
 * Form schemas for the web app. They reuse the request schemas so a rule is written once
 * (epic-stack habit); only client-only fields such as the confirmation are added here.
 */

export const LoginFormSchema = z.object({ email: EmailSchema, password: LoginPasswordSchema });
export type LoginForm = z.infer<typeof LoginFormSchema>;

export const RegisterFormSchema = RegisterRequestSchema.extend({
  confirm: z.string({ error: MSG.confirmRequired }).min(1, { error: MSG.confirmRequired }),
}).refine((v) => v.password === v.confirm, { path: ['confirm'], error: MSG.confirmMismatch });
export type RegisterForm = z.infer<typeof RegisterFormSchema>;

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
  })
  .refine((v) => v.time_min <= v.time_max, {
    path: ['time_max'],
    error: MSG.timeRange,
    // Checked as soon as both times are numbers, even while other fields are still empty, so the
    // form can say why it cannot be sent.
    when: (payload) => !payload.issues.some((i) => i.path?.[0] === 'time_min' || i.path?.[0] === 'time_max'),
  });
export type PlaceFormInput = z.input<typeof PlaceFormSchema>;
export type PlaceFormOutput = z.output<typeof PlaceFormSchema>;
