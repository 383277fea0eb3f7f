import { randomBytes } from 'node:crypto';
import { asc, count, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { FastifyBaseLogger } from 'fastify';
import { addDays, limaDate } from '@sendero/contract';
import { outingParticipants, outings, places, placeTracks, ratings, uploads, users } from '@/db/schema.js';
import type { Db } from '@/db/types.js';
import { hashPassword } from '@/services/passwords.js';
import { newPlaceColumns } from '@/services/places.js';
import { recomputePlaceRating } from '@/services/ratings.js';
import { trackRowValues } from '@/services/tracks.js';
import { readTrack } from '@/tracks/track-codec.js';
import type { Storage } from '@/storage/storage.js';
import { processImage, type ProcessedImage } from '@/uploads/pipeline.js';
import { storeImage } from '@/uploads/service.js';
import { avatarSvg, landscapeSvg, type LandscapeOptions } from './landscape.js';
import { SAMPLE_PLACES, UNVERIFIED_SAMPLE } from './places-data.js';
import { SAMPLE_ROUTES, sampleRoutePoints } from './tracks-data.js';
import { SAMPLE_GUIDES, SAMPLE_OUTINGS, SAMPLE_REVIEWERS, SAMPLE_REVIEWS, SAMPLE_USER } from './people-data.js';

export interface SeedDeps {
  db: Db;
  storage: Storage;
  log: Pick<FastifyBaseLogger, 'info'>;
}

export interface SeedResult {
  /** The sample user's credentials, when this call created them (printed once by the caller). */
  sampleUser?: { email: string; password: string };
  /** The sample guides' addresses and their shared password, when this call created them (printed once by the caller). */
  sampleGuides?: { emails: string[]; password: string };
}

/** Renders an SVG with sharp and runs it through the upload pipeline, like any uploaded photo. */
async function renderToUpload(svg: string): Promise<ProcessedImage> {
  const jpeg = await sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
  return processImage(jpeg, { effort: 1 });
}

/** Runs `tasks` with at most `limit` at a time (sharp already uses threads; two keeps both cores busy). */
async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!, i);
    }
  });
  await Promise.all(workers);
  return out;
}

async function isSeedable(db: Db): Promise<boolean> {
  const [placeCount] = await db.select({ n: count() }).from(places);
  if ((placeCount?.n ?? 0) > 0) return false;
  const [sample] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, SAMPLE_USER.email))
    .limit(1);
  return !sample;
}

/**
 * Sample data for a new installation (docs/product.md#first-run): 12 verified destinations a few hours from Lima,
 * 1 unverified one proposed by the sample user, the sample user with a pending guide application,
 * a few reviewers and reviews (the places' rating and comments follow from them). Pictures are drawn
 * here and stored through the same pipeline as uploads (files + `uploads` rows).
 *
 * Runs only on a database without places (and without the sample user), so it never duplicates;
 * the inserts are one transaction that re-checks under a table lock, so two processes starting at
 * once cannot both seed.
 */
export async function seedSampleData({ db, storage, log }: SeedDeps): Promise<SeedResult> {
  if (!(await isSeedable(db))) return {};
  const started = Date.now();

  const allPlaces = [...SAMPLE_PLACES, UNVERIFIED_SAMPLE];
  const people = [SAMPLE_USER, ...SAMPLE_REVIEWERS, ...SAMPLE_GUIDES];
  const firstGuide = 1 + SAMPLE_REVIEWERS.length;
  const password = randomBytes(9).toString('base64url');
  // The sample guides share one generated password, printed with the sample user's (README, "The two
  // commands") so a newcomer can try a guide's screens; the reviewers' passwords are never shown.
  const guidePassword = randomBytes(9).toString('base64url');

  // Pictures and password hashes first, outside the transaction (they take a moment).
  type Job = { kind: 'place' | 'rating' | 'user'; svg: string };
  const jobs: Job[] = [
    ...allPlaces.map((p, i): Job => ({ kind: 'place', svg: landscapeSvg({ seed: 1000 + i, ...p.landscape } as LandscapeOptions) })),
    ...SAMPLE_REVIEWS.map((r, i): Job => {
      const place = allPlaces[r.place]!;
      return { kind: 'rating', svg: landscapeSvg({ seed: 5000 + i, ...place.landscape }, 640, 480) };
    }),
    ...people.map((p): Job => ({ kind: 'user', svg: avatarSvg(p.avatar) })),
  ];
  const [images, hashes] = await Promise.all([
    mapLimit(jobs, 2, async (job) => {
      const image = await renderToUpload(job.svg);
      await storeImage(storage, image);
      return image;
    }),
    Promise.all(
      people.map((_p, i) => hashPassword(i === 0 ? password : i >= firstGuide ? guidePassword : randomBytes(18).toString('base64url'))),
    ),
  ]);
  const placeImages = images.slice(0, allPlaces.length);
  const ratingImages = images.slice(allPlaces.length, allPlaces.length + SAMPLE_REVIEWS.length);
  const avatarImages = images.slice(allPlaces.length + SAMPLE_REVIEWS.length);

  const created = await db.transaction(async (tx) => {
    // Two processes starting on one empty database: the second waits here, then sees the places.
    await tx.execute(sql`lock table ${places} in share row exclusive mode`);
    const [again] = await tx.select({ n: count() }).from(places);
    if ((again?.n ?? 0) > 0) return false;

    const [admin] = await tx.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).orderBy(asc(users.createdAt)).limit(1);
    const now = Date.now();
    const userRows = await tx
      .insert(users)
      .values(
        people.map((p, i) => ({
          email: p.email,
          passwordHash: hashes[i]!,
          firstname: p.firstname,
          lastname: p.lastname,
          photoUrl: avatarImages[i]!.url,
          role: p.guide ? ('guide' as const) : ('user' as const),
          ...(p.application && {
            status: p.guide ? ('Aprobado' as const) : ('Enviado' as const),
            instagram: p.application.instagram,
            facebook: p.application.facebook,
            linkedin: p.application.linkedin,
            other1: p.application.other1,
            other2: p.application.other2,
            other3: p.application.other3,
            aboutYou: p.application.about_you,
            appliedAt: new Date(now - 30 * 60_000),
          }),
          createdAt: new Date(now - (30 - i) * 24 * 3600_000),
        })),
      )
      .returning({ id: users.id });
    const sampleUserId = userRows[0]!.id;
    const creatorId = admin?.id ?? sampleUserId;

    const record = (image: ProcessedImage, preset: 'place' | 'rating' | 'user', idUser: string) => ({
      idUser,
      preset,
      key: image.hash,
      url: image.url,
      width: image.width,
      height: image.height,
      bytes: image.bytes,
    });
    await tx.insert(uploads).values([
      ...placeImages.map((img, i) => record(img, 'place', i < SAMPLE_PLACES.length ? creatorId : sampleUserId)),
      ...ratingImages.map((img, i) => record(img, 'rating', userRows[SAMPLE_REVIEWS[i]!.author]!.id)),
      ...avatarImages.map((img, i) => record(img, 'user', userRows[i]!.id)),
    ]);

    // The first place in the list is the newest (the API lists newest first); the unverified
    // proposal is the most recent of all.
    const placeRows = await tx
      .insert(places)
      .values(
        allPlaces.map((p, i) => {
          const verified = i < SAMPLE_PLACES.length;
          const at = new Date(verified ? now - (i + 2) * 24 * 3600_000 : now - 3600_000);
          return {
            ...newPlaceColumns({ ...p, ...('facts' in p ? p.facts : {}), photos: [placeImages[i]!.url] }),
            idUser: verified ? creatorId : sampleUserId,
            verified,
            createdAt: at,
            updatedAt: at,
          };
        }),
      )
      .returning({ id: places.id });

    // Route tracks for the destinations that have a sample route (docs/product.md#tracks).
    const tracked = SAMPLE_PLACES.flatMap((p, i) => {
      const route = SAMPLE_ROUTES[p.name];
      return route ? [{ idPlace: placeRows[i]!.id, ...trackRowValues(readTrack([sampleRoutePoints(p.lat, p.lon, route, 7000 + i)])) }] : [];
    });
    if (tracked.length > 0) await tx.insert(placeTracks).values(tracked);

    await tx.insert(ratings).values(
      SAMPLE_REVIEWS.map((r, i) => ({
        idUser: userRows[r.author]!.id,
        idPlace: placeRows[r.place]!.id,
        photoUrl: ratingImages[i]!.url,
        rating: r.rating,
        comment: r.comment,
        createdAt: new Date(now - (i + 1) * 6 * 3600_000),
        ...(r.trail && { walkedOn: addDays(limaDate(now), -r.trail.daysAgo), condition: r.trail.condition, hazards: r.trail.hazards }),
      })),
    );
    for (const placeIndex of new Set(SAMPLE_REVIEWS.map((r) => r.place))) {
      await recomputePlaceRating(tx, placeRows[placeIndex]!.id);
    }

    // Upcoming outings (docs/product.md#outings), at a Lima hour (UTC-5): `taken` = their participant rows.
    const outingRows = await tx
      .insert(outings)
      .values(
        SAMPLE_OUTINGS.map((o) => {
          const startsAt = new Date(now + o.inDays * 24 * 3600_000);
          startsAt.setUTCHours(o.hour + 5, 0, 0, 0);
          return {
            idPlace: placeRows[o.place]!.id,
            idGuide: userRows[firstGuide + o.guide]!.id,
            startsAt,
            meetingPoint: o.meeting_point,
            description: o.description,
            spots: o.spots,
            taken: o.participants.length,
            status: o.cancelled ? ('cancelada' as const) : ('abierta' as const),
            createdAt: new Date(now - 2 * 24 * 3600_000),
          };
        }),
      )
      .returning({ id: outings.id });
    const joins = SAMPLE_OUTINGS.flatMap((o, i) => o.participants.map((p) => ({ idOuting: outingRows[i]!.id, idUser: userRows[p]!.id })));
    if (joins.length > 0) await tx.insert(outingParticipants).values(joins);
    return true;
  });
  if (!created) return {};

  log.info(
    `Sample data: ${SAMPLE_PLACES.length} verified destinations (${Object.keys(SAMPLE_ROUTES).length} with a route track), 1 awaiting review, ${SAMPLE_REVIEWS.length} reviews, ${SAMPLE_GUIDES.length} guides with ${SAMPLE_OUTINGS.length} outings, ${images.length} pictures (${Date.now() - started} ms)`,
  );
  return { sampleUser: { email: SAMPLE_USER.email, password }, sampleGuides: { emails: SAMPLE_GUIDES.map((g) => g.email), password: guidePassword } };
}
