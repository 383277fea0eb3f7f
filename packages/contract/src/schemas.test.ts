import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { MSG } from './messages.js';
import {
  AdminUserUpdateSchema,
  GuideApplicationSchema,
  LoginRequestSchema,
  PlaceCreateSchema,
  PlaceUpdateSchema,
  RatingCreateSchema,
  RegisterRequestSchema,
} from './schemas.js';
import { PlaceFormSchema, ProfilePasswordFormSchema, RegisterFormSchema, ReviewFormSchema } from './forms.js';

/** The first message per field, as a form shows it. */
function fieldErrors(schema: z.ZodType, value: unknown): Record<string, string> {
  const result = schema.safeParse(value);
  if (result.success) return {};
  const out: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join('.') || '_';
    out[key] ??= issue.message;
  }
  return out;
}

const photo = '/uploads/abc.webp';
const place = {
  name: 'Laguna Azul',
  city: 'Lima',
  difficulty: 'Media',
  capacity: 20,
  time: [2, 4],
  time_city: 3,
  photos: [photo],
  description: 'Una laguna.',
  how_to_get: 'En bus.',
  tips: 'Lleva agua.',
};

describe('login and registration messages (SPEC.md §5)', () => {
  it('asks for the email and the password', () => {
    expect(fieldErrors(LoginRequestSchema, { email: '', password: '' })).toEqual({
      email: MSG.emailRequired,
      password: MSG.passwordRequired,
    });
  });
  it('refuses an email that is not valid', () => {
    expect(fieldErrors(LoginRequestSchema, { email: 'ana@', password: 'x' })).toEqual({ email: MSG.emailInvalid });
  });
  it('refuses unknown fields on the server', () => {
    expect(LoginRequestSchema.safeParse({ email: 'ana@example.com', password: 'x', role: 'admin' }).success).toBe(false);
  });
  it('registration needs 8 characters, a matching confirmation and both names', () => {
    expect(
      fieldErrors(RegisterFormSchema, { email: 'ana@example.com', password: 'corta', confirm: '', firstname: ' ', lastname: '' }),
    ).toEqual({
      password: MSG.passwordMin,
      confirm: MSG.confirmRequired,
      firstname: MSG.firstnameRequired,
      lastname: MSG.lastnameRequired,
    });
    expect(
      fieldErrors(RegisterFormSchema, { email: 'ana@example.com', password: 'larga123', confirm: 'larga124', firstname: 'Ana', lastname: 'P' }),
    ).toEqual({ confirm: MSG.confirmMismatch });
  });
  it('trims the names the server stores', () => {
    const parsed = RegisterRequestSchema.parse({ email: ' ana@example.com ', password: 'larga123', firstname: ' Ana ', lastname: ' Pérez ' });
    expect(parsed).toEqual({ email: 'ana@example.com', password: 'larga123', firstname: 'Ana', lastname: 'Pérez' });
  });
});

describe('profile password (SPEC.md §4, §5)', () => {
  it('accepts both fields empty (photo only)', () => {
    expect(ProfilePasswordFormSchema.safeParse({ password: '', confirm: '' }).success).toBe(true);
  });
  it('needs 8 characters and a matching confirmation', () => {
    expect(fieldErrors(ProfilePasswordFormSchema, { password: 'corta', confirm: 'corta' })).toEqual({ password: MSG.passwordMin });
    expect(fieldErrors(ProfilePasswordFormSchema, { password: 'larga123', confirm: 'larga12' })).toEqual({
      confirm: MSG.profileConfirmMismatch,
    });
  });
});

describe('places', () => {
  it('accepts a complete place', () => {
    expect(PlaceCreateSchema.safeParse(place).success).toBe(true);
  });
  it('requires every text field, a known difficulty and at least one photo', () => {
    expect(
      fieldErrors(PlaceCreateSchema, { ...place, name: '', difficulty: 'Facil', photos: [], tips: ' ', capacity: 0 }),
    ).toEqual({
      name: MSG.placeNameRequired,
      difficulty: MSG.difficultyInvalid,
      photos: MSG.photosRequired,
      tips: MSG.tipsRequired,
      capacity: MSG.capacityInvalid,
    });
  });
  it('refuses a walking time whose minimum is above its maximum', () => {
    expect(fieldErrors(PlaceCreateSchema, { ...place, time: [5, 2] })).toEqual({ time: MSG.timeRange });
  });
  it('an update cannot set verified or the creator', () => {
    expect(PlaceUpdateSchema.safeParse({ verified: true }).success).toBe(false);
    expect(PlaceUpdateSchema.safeParse({ id_user: 'x' }).success).toBe(false);
    expect(PlaceUpdateSchema.safeParse({ name: 'Otro nombre' }).success).toBe(true);
  });
  it('the form turns number inputs into numbers and names the time range problem', () => {
    const form = { ...place, capacity: '20', time_min: '2', time_max: '4', time_city: '3' } as Record<string, unknown>;
    delete form.time;
    const parsed = PlaceFormSchema.parse(form);
    expect(parsed).toMatchObject({ capacity: 20, time_min: 2, time_max: 4, time_city: 3 });
    expect(fieldErrors(PlaceFormSchema, { ...form, time_min: '6' })).toEqual({ time_max: MSG.timeRange });
    expect(fieldErrors(PlaceFormSchema, { ...form, capacity: '' })).toEqual({ capacity: MSG.capacityInvalid });
  });
});

describe('reviews', () => {
  const review = { id_place: '0b7f3c2e-8c1d-4f5e-9a6b-1c2d3e4f5a6b', photo_url: photo, rating: 4, comment: 'Muy bonito' };
  it('accepts a rating from 1 to 5 with a photo and a comment', () => {
    expect(RatingCreateSchema.safeParse(review).success).toBe(true);
  });
  it('refuses a rating out of range, an empty comment, a missing photo or a long comment', () => {
    expect(fieldErrors(RatingCreateSchema, { ...review, rating: 6, comment: '  ', photo_url: '' })).toEqual({
      rating: MSG.ratingInvalid,
      comment: MSG.commentRequired,
      photo_url: MSG.reviewPhotoRequired,
    });
    expect(fieldErrors(RatingCreateSchema, { ...review, rating: 3.5 })).toEqual({ rating: MSG.ratingInvalid });
    expect(fieldErrors(RatingCreateSchema, { ...review, comment: 'a'.repeat(2001) })).toEqual({ comment: MSG.commentTooLong });
  });
  it('the review form needs the photo, the stars and the comment', () => {
    expect(ReviewFormSchema.safeParse({ photo_url: photo, rating: 5, comment: 'Genial' }).success).toBe(true);
    expect(ReviewFormSchema.safeParse({ photo_url: '', rating: 5, comment: 'Genial' }).success).toBe(false);
  });
});

describe('guide application and admin transitions', () => {
  it('requires Instagram, Facebook, LinkedIn and about_you; the three Otro are optional', () => {
    expect(fieldErrors(GuideApplicationSchema, { instagram: '', facebook: '', linkedin: '', about_you: '' })).toEqual({
      instagram: MSG.instagramRequired,
      facebook: MSG.facebookRequired,
      linkedin: MSG.linkedinRequired,
      about_you: MSG.aboutYouRequired,
    });
    expect(GuideApplicationSchema.safeParse({ instagram: '@a', facebook: 'b', linkedin: 'c', about_you: 'Guío desde 2015.' }).success).toBe(
      true,
    );
  });
  it('an admin update is exactly {status, role} with known values', () => {
    expect(AdminUserUpdateSchema.safeParse({ status: 'Aprobado', role: 'guide' }).success).toBe(true);
    expect(AdminUserUpdateSchema.safeParse({ status: 'Aprobado', role: 'guide', email: 'x' }).success).toBe(false);
    expect(AdminUserUpdateSchema.safeParse({ status: 'send', role: 'user' }).success).toBe(false);
  });
});
