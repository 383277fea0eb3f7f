import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { API, DIFFICULTIES, type LoginResponse, type Outing, type Place, type PlaceDetail, type RatingListItem, type Track, type User } from '@sendero/contract';
import { outingParticipants, outings, places, ratings, uploads, users } from '@/db/schema.js';
import { seedSampleData, type SeedResult } from '@/seed/index.js';
import { createLocalStorage } from '@/storage/local.js';
import { useTestApp, type TestUser } from './helpers/app.js';
import { api, type ErrorBody } from './helpers/client.js';

const t = useTestApp();
let admin: TestUser;
let seeded: SeedResult;
let seedMs: number;
const logged: string[] = [];

beforeAll(async () => {
  admin = await t.createAdmin();
  const started = performance.now();
  seeded = await seedSampleData({
    db: t.db,
    storage: createLocalStorage(join(t.dataDir, 'uploads')),
    log: { info: (msg: string) => void logged.push(msg) } as never,
  });
  seedMs = performance.now() - started;
});

describe('sample data on an empty database', () => {
  it('is quick (a few seconds) and says what it did', () => {
    expect(seedMs).toBeLessThan(20_000);
    console.info(`sample data seeded in ${Math.round(seedMs)} ms`);
    expect(logged.join('\n')).toMatch(/12 verified destinations/);
  });

  it('shows 12 verified destinations to visitors, across all four difficulties, a few hours away', async () => {
    const list = (await api(t).get<Place[] & ErrorBody>(API.places)).body as Place[];
    expect(list).toHaveLength(12);
    expect(new Set(list.map((p) => p.difficulty))).toEqual(new Set(DIFFICULTIES));
    for (const p of list) {
      expect(p.verified).toBe(true);
      expect(p.time[0]).toBeLessThanOrEqual(p.time[1]);
      expect(p.time_city).toBeGreaterThan(0);
      expect(p.time_city).toBeLessThanOrEqual(5);
      expect(p.capacity).toBeGreaterThan(0);
      expect(p.description.length).toBeGreaterThan(40);
      expect(p.how_to_get.length).toBeGreaterThan(20);
      expect(p.tips.length).toBeGreaterThan(20);
      expect(p.photos.length).toBeGreaterThan(0);
      expect(p.id_user).toBe(admin.user._id);
    }
    expect(list.map((p) => p.name)).toEqual(expect.arrayContaining(['Marcahuasi', 'Lomas de Lachay', 'Nevado Pastoruri', 'Bosque de Zárate']));
  });

  it('gives every sample destination its trailhead in Peru, near the city it is listed from', async () => {
    const all = (await api(t, admin.token).get<Place[] & ErrorBody>(API.places)).body as Place[];
    const cities: Record<string, [number, number]> = { Lima: [-12.046, -77.043], Huaraz: [-9.527, -77.528], Huancayo: [-12.065, -75.205] };
    for (const p of all) {
      expect(p.lat, p.name).toEqual(expect.any(Number));
      expect(p.lon, p.name).toEqual(expect.any(Number));
      // Peru's bounding box.
      expect(p.lat!).toBeGreaterThan(-18.4);
      expect(p.lat!).toBeLessThan(0);
      expect(p.lon!).toBeGreaterThan(-81.4);
      expect(p.lon!).toBeLessThan(-68.6);
      // A few hours away: within about 200 km of its city in a straight line (1 degree ~ 111 km).
      const [cityLat, cityLon] = cities[p.city]!;
      expect(Math.hypot(p.lat! - cityLat, p.lon! - cityLon), p.name).toBeLessThan(1.8);
    }
    expect(new Set(all.map((p) => `${p.lat},${p.lon}`)).size).toBe(all.length);
  });

  it('draws every picture and stores it through the upload pipeline (files + uploads rows)', async () => {
    const all = (await api(t, admin.token).get<Place[] & ErrorBody>(API.places)).body as Place[];
    expect(all).toHaveLength(13);
    const photoUrls = all.flatMap((p) => p.photos);
    expect(new Set(photoUrls).size).toBe(photoUrls.length);
    for (const url of photoUrls) {
      const [row] = await t.db.select().from(uploads).where(eq(uploads.url, url));
      expect(row, url).toMatchObject({ preset: 'place' });
      const file = await api(t).get(url);
      expect(file.status).toBe(200);
      expect(file.headers['content-type']).toBe('image/webp');
      const meta = await sharp(file.raw.rawPayload).metadata();
      expect(meta.width).toBeGreaterThanOrEqual(800);
      expect((await api(t).get(url.replace('.webp', '-400.webp'))).status).toBe(200);
    }
  });

  it('keeps one proposal unverified, made by the sample user, who can see it', async () => {
    const [proposal] = await t.db.select().from(places).where(eq(places.verified, false));
    expect(proposal).toBeDefined();
    const login = await api(t).post<LoginResponse & ErrorBody>(API.login, seeded.sampleUser);
    expect(login.status).toBe(200);
    const { token, _id } = login.body;
    expect(proposal!.idUser).toBe(_id);
    expect((await api(t, token).get<Place & ErrorBody>(API.place(proposal!.id))).status).toBe(200);
  });

  it('creates the sample user with a pending guide application and returns the credentials once', async () => {
    expect(seeded.sampleUser).toEqual({ email: 'usuario@example.com', password: expect.any(String) });
    expect(seeded.sampleUser!.password.length).toBeGreaterThanOrEqual(12);
    const [row] = await t.db.select().from(users).where(eq(users.email, 'usuario@example.com'));
    expect(row).toMatchObject({ role: 'user', status: 'Enviado' });
    expect(row!.instagram && row!.facebook && row!.linkedin && row!.aboutYou).toBeTruthy();
    expect(row!.appliedAt).toBeInstanceOf(Date);
    const requests = await api(t, admin.token).get<User[] & ErrorBody>(API.usersRequests);
    expect(requests.body.map((u: { email: string }) => u.email)).toContain('usuario@example.com');
  });

  it('adds a few reviews, and every place’s rating and comments match its reviews', async () => {
    const all = await t.db.select().from(places);
    const reviews = await t.db.select().from(ratings);
    expect(reviews.length).toBeGreaterThanOrEqual(5);
    for (const p of all) {
      const mine = reviews.filter((r) => r.idPlace === p.id);
      const mean = mine.length ? Math.round((mine.reduce((s, r) => s + r.rating, 0) * 10) / mine.length) / 10 : 0;
      expect(p.comments, p.name).toBe(mine.length);
      expect(Number(p.rating), p.name).toBe(mean);
    }
    const reviewed = all.find((p) => p.comments > 0)!;
    const list = (await api(t, admin.token).get<RatingListItem[] & ErrorBody>(API.ratings(reviewed.id))).body as RatingListItem[];
    for (const r of list) {
      expect(r.comment.length).toBeGreaterThan(10);
      expect((await api(t).get(r.photo_url)).status).toBe(200);
      expect((await api(t).get(r.photo_user)).status).toBe(200);
    }
  });

  it('returns the sample guides\' addresses and their password once, and each guide can sign in with them', async () => {
    expect(seeded.sampleGuides).toEqual({ emails: ['rosa.huaman@example.com', 'martin.flores@example.com'], password: expect.any(String) });
    expect(seeded.sampleGuides!.password).not.toBe(seeded.sampleUser!.password);
    for (const email of seeded.sampleGuides!.emails) {
      const login = await api(t).post<LoginResponse & ErrorBody>(API.login, { email, password: seeded.sampleGuides!.password });
      expect(login.status, email).toBe(200);
      expect(login.body.role).toBe('guide');
    }
  });

  it("gives a few destinations recent trail reports, one 'Con obstáculos' with 'Barro' (docs/product.md#trail-conditions)", async () => {
    const all = await t.db.select().from(places);
    const details = await Promise.all(all.filter((p) => p.verified).map(async (p) => (await api(t, admin.token).get<PlaceDetail>(API.place(p.id))).body));
    const reported = details.filter((d) => d.conditions !== null);
    expect(reported.length).toBeGreaterThanOrEqual(3);
    expect(reported.some((d) => d.conditions?.condition === 'obstaculos' && d.conditions.hazards.includes('barro'))).toBe(true);
  });

  it('gives at least four destinations a route track from their trailhead, with plausible figures (docs/product.md#tracks)', async () => {
    const all = (await t.db.select().from(places)).filter((p) => p.verified);
    const withTracks = (
      await Promise.all(all.map(async (p) => ({ place: p, res: await api(t).get<Track & ErrorBody>(API.placeTrack(p.id)) })))
    ).filter(({ res }) => res.status === 200);
    expect(withTracks.length).toBeGreaterThanOrEqual(4);
    for (const { place, res } of withTracks) {
      const { summary, line, profile } = res.body;
      // Starts at the trailhead (within a few metres).
      expect(Math.abs(line[0]![0]![1] - place.lat!) * 111_000).toBeLessThan(20);
      expect(Math.abs(line[0]![0]![0] - place.lon!) * 111_000).toBeLessThan(20);
      expect(summary.distance_m).toBeGreaterThan(3_000);
      expect(summary.distance_m).toBeLessThan(20_000);
      expect(summary.ascent_m).toBeGreaterThan(150);
      expect(summary.max_ele_m).toBeGreaterThan(summary.min_ele_m! + 150);
      // A day hike by DIN 33466: between 1 and 9 hours.
      expect(summary.duration_min).toBeGreaterThan(60);
      expect(summary.duration_min).toBeLessThan(9 * 60);
      expect(profile.length).toBeGreaterThan(100);
      console.info(`sample track ${place.name}: ${(summary.distance_m / 1000).toFixed(1)} km, +${summary.ascent_m} m / -${summary.descent_m} m, ${summary.min_ele_m}-${summary.max_ele_m} m, ${summary.duration_min} min, ${summary.points} points`);
    }
    const laguna69 = withTracks.find(({ place }) => place.name === 'Laguna 69');
    expect(laguna69?.res.body.summary.max_ele_m).toBeGreaterThan(4_500);
  });

  it('has two approved guides with upcoming outings: one nearly full, one cancelled, taken = participants', async () => {
    const guides = await t.db.select().from(users).where(eq(users.role, 'guide'));
    expect(guides).toHaveLength(2);
    expect(guides.every((g) => g.status === 'Aprobado')).toBe(true);
    const rows = await t.db.select().from(outings);
    expect(rows.length).toBeGreaterThanOrEqual(3);
    expect(new Set(rows.map((o) => o.idGuide))).toEqual(new Set(guides.map((g) => g.id)));
    for (const o of rows) {
      expect(o.startsAt.getTime()).toBeGreaterThan(Date.now());
      expect((await t.db.select().from(outingParticipants).where(eq(outingParticipants.idOuting, o.id))).length).toBe(o.taken);
    }
    expect(rows.filter((o) => o.status === 'cancelada')).toHaveLength(1);
    expect(rows.some((o) => o.status === 'abierta' && o.spots - o.taken === 1)).toBe(true);
    // Hikers see them through the API on the sample destinations.
    const login = await api(t).post<LoginResponse & ErrorBody>(API.login, seeded.sampleUser);
    const token = login.body.token as string;
    const marcahuasi = (await api(t).get<Place[] & ErrorBody>(API.places)).body.find((p: Place) => p.name === 'Marcahuasi') as Place;
    const listed = (await api(t, token).get<Outing[]>(API.outingsOfPlace(marcahuasi._id))).body;
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ guide_name: 'Rosa Huamán', status: 'abierta', joined: false });
    expect(listed[0]!.spots - listed[0]!.taken).toBe(1);
  });

  it('does nothing on a second run (never duplicates)', async () => {
    const before = (await t.db.select().from(places)).length;
    const again = await seedSampleData({ db: t.db, storage: createLocalStorage(join(t.dataDir, 'uploads')), log: { info: () => undefined } as never });
    expect(again).toEqual({});
    expect((await t.db.select().from(places)).length).toBe(before);
  });
});
