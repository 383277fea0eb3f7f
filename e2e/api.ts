import { randomInt } from 'node:crypto';
import { expect, type APIRequestContext, type APIResponse } from '@playwright/test';
import {
  ADMIN_TRANSITIONS,
  API,
  type AdminTransition,
  type Difficulty,
  type Outing,
  type OutingCreate,
  type Place,
  limaDate,
  type Rating,
  type RatingCreate,
  type Role,
  type Session,
  type UploadPreset,
  type UploadResponse,
  type User,
} from '@sendero/contract';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './env.js';
import { pngFile } from './png.js';

/** Credentials plus the live session of an account created (or logged in) through the API. */
export interface Account {
  email: string;
  password: string;
  firstname: string;
  lastname: string;
  _id: string;
  token: string;
  role: Role;
}

export const adminCreds = { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } as const;

let counter = 0;
/** A short token unique to this run and call, made of letters only (safe in names and emails). */
export function uniqueTag(): string {
  // Eight random letters (26^8): tags made in the same millisecond, also in parallel, do not collide.
  counter += 1;
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  let out = letters[counter % 26]!;
  for (let i = 0; i < 7; i++) out += letters[randomInt(26)];
  return out;
}

async function json<T>(response: APIResponse, expected: number, what: string): Promise<T> {
  if (response.status() !== expected) {
    throw new Error(`${what}: expected HTTP ${expected}, got ${response.status()}: ${await response.text()}`);
  }
  return (await response.json()) as T;
}

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

export interface PlaceInput {
  name: string;
  city: string;
  difficulty: Difficulty;
  capacity: number;
  time: [number, number];
  time_city: number;
  description: string;
  how_to_get: string;
  tips: string;
  /** The trailhead (docs/product.md#planning): both or neither. */
  lat?: number | null;
  lon?: number | null;
  /** docs/product.md#access-facts: optional. */
  altitude_m?: number | null;
  closed_months?: number[];
}

/**
 * The API calls the journeys need for their setup (docs/product.md#calls). Tests drive the screen under test
 * through the browser; everything around it is prepared here, against the same real server.
 */
export class Api {
  constructor(readonly request: APIRequestContext) {}

  async login(email: string, password: string): Promise<Session> {
    const res = await this.request.post(API.login, { data: { email, password } });
    return json<Session>(res, 200, `login ${email}`);
  }

  async adminLogin(email = adminCreds.email, password = adminCreds.password): Promise<Account> {
    const res = await this.request.post(API.adminLogin, { data: { email, password } });
    const session = await json<Session>(res, 200, 'admin login');
    return { email, password, firstname: '', lastname: '', ...session };
  }

  /** Registers a new user with a unique email and logs them in. */
  async registerUser(overrides: Partial<Pick<Account, 'firstname' | 'lastname' | 'password'>> = {}): Promise<Account> {
    const tag = uniqueTag();
    // Two-word names, the first word unique: screens show the first word of each (docs/product.md#side-menu).
    const first = tag.charAt(0).toUpperCase() + tag.slice(1);
    const data = {
      email: `e2e.${tag}@sendero.test`,
      password: overrides.password ?? `Clave-${tag}-1`,
      firstname: overrides.firstname ?? `${first} María`,
      lastname: overrides.lastname ?? 'Quispe Huamán',
    };
    await json<User>(await this.request.post(API.register, { data }), 201, 'register');
    const session = await this.login(data.email, data.password);
    return { ...data, ...session };
  }

  async getUser(token: string, id: string): Promise<User> {
    return json<User>(await this.request.get(API.user(id), { headers: bearer(token) }), 200, 'get user');
  }

  async upload(token: string, preset: UploadPreset, seed?: number): Promise<UploadResponse> {
    const res = await this.request.post(API.upload(preset), {
      headers: bearer(token),
      multipart: { file: pngFile(`${preset}.png`, seed) },
    });
    return json<UploadResponse>(res, 201, `upload ${preset}`);
  }

  /** Creates a place as the owner of `token`, with a real uploaded photo. Places start unverified. */
  async createPlaceAs(token: string, overrides: Partial<PlaceInput> = {}): Promise<Place> {
    const photo = await this.upload(token, 'place');
    const tag = uniqueTag();
    const data = {
      name: `Laguna ${tag}`,
      city: 'Lima',
      difficulty: 'Media' as Difficulty,
      capacity: 12,
      time: [2, 4] as [number, number],
      time_city: 3,
      description: 'Una laguna de aguas turquesas rodeada de nevados, ideal para una caminata de un día.',
      how_to_get: 'Desde Lima, bus a Huaraz y luego colectivo hasta el inicio del sendero.',
      tips: 'Lleva abrigo, protector solar y agua suficiente.',
      ...overrides,
      photos: [photo.secure_url],
    };
    return json<Place>(await this.request.post(API.placeCreate, { headers: bearer(token), data }), 201, 'create place');
  }

  /** Flips `verified` (admin only) and returns the place as the server now has it. */
  async toggleVerified(adminToken: string, placeId: string): Promise<Place> {
    return json<Place>(await this.request.put(API.placeVerified(placeId), { headers: bearer(adminToken) }), 200, 'toggle verified');
  }

  async createVerifiedPlace(ownerToken: string, adminToken: string, overrides: Partial<PlaceInput> = {}): Promise<Place> {
    const place = await this.createPlaceAs(ownerToken, overrides);
    const verified = await this.toggleVerified(adminToken, place._id);
    expect(verified.verified).toBe(true);
    return verified;
  }

  getPlace(token: string, placeId: string): Promise<APIResponse> {
    return this.request.get(API.place(placeId), { headers: bearer(token) });
  }

  getRatings(token: string, placeId: string): Promise<APIResponse> {
    return this.request.get(API.ratings(placeId), { headers: bearer(token) });
  }

  /**
   * Posts a review with a real uploaded (already cropped server-side) photo; `trail` adds what the path
   * was like (docs/product.md#trail-conditions; walked today unless told).
   */
  async createReview(token: string, placeId: string, rating: number, comment: string, trail?: Partial<Pick<RatingCreate, 'condition' | 'hazards' | 'walked_on'>>): Promise<Rating> {
    const photo = await this.upload(token, 'rating');
    const res = await this.request.post(API.ratingCreate, {
      headers: bearer(token),
      data: { id_place: placeId, photo_url: photo.secure_url, rating, comment, ...(trail && { walked_on: limaDate(), ...trail }) },
    });
    return json<Rating>(res, 201, 'create review');
  }

  /** The guide application of docs/product.md#guide-application, sent by the user themself. */
  async applyForGuide(account: Account): Promise<User> {
    const res = await this.request.put(API.userUpdate2(account._id), {
      headers: bearer(account.token),
      data: {
        instagram: `@${account.email.split('@')[0]}`,
        facebook: `facebook.com/${account.email.split('@')[0]}`,
        linkedin: `linkedin.com/in/${account.email.split('@')[0]}`,
        about_you: 'Guío caminatas en la sierra de Lima desde hace cinco años.',
        status: 'Enviado',
      },
    });
    return json<User>(res, 200, 'guide application');
  }

  async adminTransition(adminToken: string, userId: string, transition: AdminTransition): Promise<User> {
    const res = await this.request.put(API.userUpdate2(userId), { headers: bearer(adminToken), data: ADMIN_TRANSITIONS[transition] });
    return json<User>(res, 200, `admin ${transition}`);
  }

  /** POST /api/outing/create as `token` (a guide or an admin): 3 days ahead, 10 spots unless told. */
  async createOuting(token: string, placeId: string, overrides: Partial<Omit<OutingCreate, 'id_place'>> = {}): Promise<Outing> {
    const body: OutingCreate = {
      id_place: placeId,
      starts_at: new Date(Date.now() + 3 * 24 * 3600_000).toISOString(),
      meeting_point: 'Plaza de Armas',
      spots: 10,
      ...overrides,
    };
    const res = await this.request.post(API.outingCreate, { data: body, headers: bearer(token) });
    return json<Outing>(res, 201, 'create outing');
  }

  /** PUT /api/outing/join/{id}: takes a spot for `token`'s user. */
  async joinOuting(token: string, id: string): Promise<Outing> {
    const res = await this.request.put(API.outingJoin(id), { headers: bearer(token) });
    return json<Outing>(res, 200, 'join outing');
  }

  /** A registered user whose guide application an admin approved (role guide). */
  async registerGuide(adminToken: string): Promise<Account> {
    const account = await this.registerUser();
    await this.applyForGuide(account);
    await this.adminTransition(adminToken, account._id, 'approve');
    return { ...account, role: 'guide' };
  }
}
