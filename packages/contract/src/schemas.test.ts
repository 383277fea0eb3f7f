import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { limaDate } from './conditions.js';
import { MSG } from './messages.js';
import {
  AdminUserUpdateSchema,
  GuideApplicationSchema,
  LoginRequestSchema,
  OutingCreateSchema,
  PlaceCreateSchema,
  PlaceUpdateRequestSchema,
  PlaceUpdateSchema,
  RatingCreateSchema,
  RegisterRequestSchema,
} from './schemas.js';
import {
  isoToLimaLocal,
  limaLocalToIso,
  outingFormSchema,
  PlaceFormSchema,
  ProfilePasswordFormSchema,
  RegisterFormSchema,
  ReviewFormSchema,
} from './forms.js';

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

describe('login and registration messages (docs/product.md#validation)', () => {
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

describe('profile password (docs/product.md#profile)', () => {
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
  it('takes the trailhead as both coordinates or neither, in range (docs/product.md#planning)', () => {
    expect(PlaceCreateSchema.safeParse({ ...place, lat: -9.04, lon: -77.61 }).success).toBe(true);
    expect(PlaceCreateSchema.safeParse({ ...place, lat: null, lon: null }).success).toBe(true);
    expect(fieldErrors(PlaceCreateSchema, { ...place, lat: -9.04 })).toEqual({ lon: MSG.coordinatesTogether });
    expect(fieldErrors(PlaceCreateSchema, { ...place, lon: -77.61 })).toEqual({ lat: MSG.coordinatesTogether });
    expect(fieldErrors(PlaceCreateSchema, { ...place, lat: 91, lon: 0 })).toEqual({ lat: MSG.latInvalid });
    expect(fieldErrors(PlaceCreateSchema, { ...place, lat: 0, lon: -180.1 })).toEqual({ lon: MSG.lonInvalid });
    expect(fieldErrors(PlaceCreateSchema, { ...place, lat: Number.NaN, lon: 0 })).toEqual({ lat: MSG.latInvalid });
    expect(fieldErrors(PlaceCreateSchema, { ...place, lat: '1', lon: '2' })).toEqual({ lat: MSG.latInvalid, lon: MSG.lonInvalid });
    expect(PlaceUpdateRequestSchema.safeParse({ lat: null, lon: null }).success).toBe(true);
    expect(PlaceUpdateRequestSchema.safeParse({ name: 'Otro' }).success).toBe(true);
    expect(fieldErrors(PlaceUpdateRequestSchema, { lat: null })).toEqual({ lon: MSG.coordinatesTogether });
    expect(fieldErrors(PlaceUpdateRequestSchema, { lat: 1, lon: null })).toEqual({ lon: MSG.coordinatesTogether });
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
  it('the form reads typed coordinates (a comma as the decimal point), both or neither, in range', () => {
    const form = { ...place, capacity: '20', time_min: '2', time_max: '4', time_city: '3' } as Record<string, unknown>;
    delete form.time;
    delete form.lat;
    delete form.lon;
    expect(PlaceFormSchema.parse(form)).toMatchObject({ lat: null, lon: null });
    expect(PlaceFormSchema.parse({ ...form, lat: '', lon: ' ' })).toMatchObject({ lat: null, lon: null });
    expect(PlaceFormSchema.parse({ ...form, lat: '-9.0457', lon: '-77,6115' })).toMatchObject({ lat: -9.0457, lon: -77.6115 });
    expect(PlaceFormSchema.parse({ ...form, lat: -90, lon: 180 })).toMatchObject({ lat: -90, lon: 180 });
    expect(fieldErrors(PlaceFormSchema, { ...form, lat: '-9.04', lon: '' })).toEqual({ lon: MSG.coordinatesTogether });
    expect(fieldErrors(PlaceFormSchema, { ...form, lat: '', lon: '-77.6' })).toEqual({ lat: MSG.coordinatesTogether });
    expect(fieldErrors(PlaceFormSchema, { ...form, lat: '90.5', lon: '0' })).toEqual({ lat: MSG.latInvalid });
    expect(fieldErrors(PlaceFormSchema, { ...form, lat: '0', lon: '-181' })).toEqual({ lon: MSG.lonInvalid });
    for (const junk of ['abc', 'NaN', 'Infinity', '1e3', '1,2,3', '--1', '9.0.1']) {
      expect(fieldErrors(PlaceFormSchema, { ...form, lat: junk, lon: '0' }), junk).toEqual({ lat: MSG.latInvalid });
    }
    // The pair is named while the rest of the form is still empty.
    expect(fieldErrors(PlaceFormSchema, { lat: '-9', lon: '' }).lon).toBe(MSG.coordinatesTogether);
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
  it('the review form needs the photo, the stars, the comment and the date walked (docs/product.md#trail-conditions)', () => {
    const trail = { walked_on: limaDate(), condition: null, hazards: [] };
    expect(ReviewFormSchema.safeParse({ photo_url: photo, rating: 5, comment: 'Genial', ...trail }).success).toBe(true);
    expect(ReviewFormSchema.safeParse({ photo_url: '', rating: 5, comment: 'Genial', ...trail }).success).toBe(false);
    expect(ReviewFormSchema.safeParse({ photo_url: photo, rating: 5, comment: 'Genial', ...trail, walked_on: '' }).success).toBe(false);
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

describe('group outings (docs/product.md#outings)', () => {
  const inHours = (h: number) => new Date(Date.now() + h * 3600_000).toISOString();
  const outing = { id_place: '3f1c0f38-5f7e-4c1d-9a57-2d2b7c1e0a11', starts_at: inHours(48), meeting_point: 'Plaza de Armas', spots: 5 };

  it('accepts an outing 1 hour to 365 days ahead, in UTC or with an offset', () => {
    expect(OutingCreateSchema.safeParse(outing).success).toBe(true);
    expect(OutingCreateSchema.safeParse({ ...outing, starts_at: '2099-01-01T06:00:00-05:00' }).success).toBe(false);
    expect(OutingCreateSchema.safeParse({ ...outing, starts_at: inHours(364 * 24) }).success).toBe(true);
  });
  it('words every date problem in Spanish', () => {
    expect(fieldErrors(OutingCreateSchema, { ...outing, starts_at: inHours(0.5) })).toEqual({ starts_at: MSG.outingDateTooSoon });
    expect(fieldErrors(OutingCreateSchema, { ...outing, starts_at: inHours(366 * 24) })).toEqual({ starts_at: MSG.outingDateTooFar });
    expect(fieldErrors(OutingCreateSchema, { ...outing, starts_at: 'mañana' })).toEqual({ starts_at: MSG.outingDateInvalid });
  });
  it('wants whole spots from 1 and a meeting point of 3 to 200 characters', () => {
    expect(fieldErrors(OutingCreateSchema, { ...outing, spots: 0, meeting_point: 'ab' })).toEqual({
      spots: MSG.spotsInvalid,
      meeting_point: MSG.meetingPointInvalid,
    });
    expect(fieldErrors(OutingCreateSchema, { ...outing, spots: 3.5 })).toEqual({ spots: MSG.spotsInvalid });
  });
  it('the form reads the date in Lima time and caps the spots at the place’s Aforo', () => {
    expect(limaLocalToIso('2030-12-05T06:00')).toBe('2030-12-05T11:00:00.000Z');
    expect(isoToLimaLocal('2030-12-05T11:00:00.000Z')).toBe('2030-12-05T06:00');
    expect(limaLocalToIso('')).toBe('');
    const schema = outingFormSchema(10);
    const local = isoToLimaLocal(inHours(72));
    expect(schema.safeParse({ starts_at: local, meeting_point: 'Óvalo', spots: '10', description: '' }).success).toBe(true);
    expect(fieldErrors(schema, { starts_at: local, meeting_point: 'Óvalo', spots: '11', description: '' })).toEqual({ spots: MSG.spotsOverCapacity });
    expect(fieldErrors(schema, { starts_at: '', meeting_point: 'Óvalo', spots: '', description: '' })).toEqual({
      starts_at: MSG.outingDateInvalid,
      spots: MSG.spotsInvalid,
    });
  });
});
