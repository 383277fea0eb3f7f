/**
 * The peer of `npm run bench:api` and `npm run bench:reviews` (docs/product.md#web-rules): the original backend's calls
 * re-created as it did them, on Express + `pg`:
 * - one query per step, no cache (the list is read and serialized on every request);
 * - the JWT checked without reading the user;
 * - logins: one query by email, then a bcrypt compare (cost 10) and a signed JWT;
 * - reviews as insert + read of the aggregate + update of the place, WITHOUT a transaction or a lock
 *   (its mean can drift under concurrent reviews: Sendero's cannot);
 * - JSON answers as the rows come (express.json, res.json), no validation beyond the bare minimum.
 * It runs on Sendero's own PostgreSQL tables, so both answer the same rows. Its logins read a table of
 * its own, peer_logins (a Sendero user's id, email and a bcrypt hash of PEER_LOGIN_PASSWORD), which it
 * creates at start for PEER_LOGIN_EMAIL. Environment: PORT, DATABASE_URL, JWT_SECRET, PEER_LOGIN_EMAIL,
 * PEER_LOGIN_PASSWORD. Not a server to use.
 */
import bcrypt from 'bcrypt';
import express from 'express';
import { jwtVerify, SignJWT } from 'jose';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const key = new TextEncoder().encode(process.env.JWT_SECRET);

if (process.env.PEER_LOGIN_EMAIL) {
  await pool.query('create table if not exists peer_logins (id uuid primary key, email text unique not null, password_hash text not null)');
  await pool.query(
    `insert into peer_logins (id, email, password_hash) select id, email, $2 from users where email = $1
     on conflict (email) do update set password_hash = excluded.password_hash`,
    [process.env.PEER_LOGIN_EMAIL, await bcrypt.hash(process.env.PEER_LOGIN_PASSWORD ?? '', 10)],
  );
}

async function caller(req) {
  const header = req.headers.authorization ?? '';
  if (!header.startsWith('Bearer ')) return null;
  try {
    const { payload } = await jwtVerify(header.slice(7), key, { algorithms: ['HS256'] });
    return payload.sub;
  } catch {
    return null;
  }
}

/** Express 5 passes a rejected promise to the error handler; this adds the caller or answers 401. */
const authed = (handler) => async (req, res) => {
  const user = await caller(req);
  if (!user) return res.status(401).json({ error: 'unauthorized' });
  return handler(req, res, user);
};

async function recompute(placeId) {
  const { rows } = await pool.query('select round(avg(rating)::numeric, 1) as mean, count(*)::int as n from ratings where id_place = $1', [placeId]);
  await pool.query('update places set rating = $2, comments = $3 where id = $1', [placeId, rows[0].mean ?? 0, rows[0].n]);
}

const app = express();
app.disable('x-powered-by');
app.use(express.json());

app.get('/api/health', (_req, res) => res.json({ ok: true }));

app.post('/api/login', async (req, res) => {
  const { email, password } = req.body ?? {};
  const { rows } = await pool.query('select id, email, password_hash from peer_logins where email = $1', [String(email ?? '').toLowerCase()]);
  if (!rows[0] || !(await bcrypt.compare(String(password ?? ''), rows[0].password_hash))) return res.status(401).json({ error: 'bad login' });
  const token = await new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setSubject(rows[0].id).setIssuedAt().setExpirationTime('7d').sign(key);
  res.json({ token, user: { _id: rows[0].id, email: rows[0].email } });
});

app.get('/api/place', async (_req, res) => {
  const { rows } = await pool.query('select * from places where verified order by created_at desc, id desc');
  res.json(rows);
});

app.get(
  '/api/place/:id',
  authed(async (req, res) => {
    const { rows } = await pool.query('select * from places where id = $1', [req.params.id]);
    return rows[0] ? res.json(rows[0]) : res.status(404).json({ error: 'not found' });
  }),
);

app.get(
  '/api/rating/:placeId',
  authed(async (req, res) => {
    const { rows } = await pool.query(
      'select r.*, u.firstname, u.lastname, u.photo_url as photo_user from ratings r join users u on u.id = r.id_user where r.id_place = $1 order by r.created_at desc',
      [req.params.placeId],
    );
    res.json(rows);
  }),
);

app.post(
  '/api/rating/create',
  authed(async (req, res, user) => {
    const body = req.body ?? {};
    const { rows } = await pool.query(
      'insert into ratings (id_user, id_place, photo_url, rating, comment) values ($1, $2, $3, $4, $5) returning *',
      [user, body.id_place, body.photo_url, body.rating, body.comment],
    );
    await recompute(body.id_place);
    res.status(201).json(rows[0]);
  }),
);

app.delete(
  '/api/rating/delete/:id',
  authed(async (req, res, user) => {
    const { rows } = await pool.query('select * from ratings where id = $1', [req.params.id]);
    if (!rows[0]) return res.status(404).json({ error: 'not found' });
    if (rows[0].id_user !== user) return res.status(403).json({ error: 'forbidden' });
    await pool.query('delete from ratings where id = $1', [req.params.id]);
    await recompute(rows[0].id_place);
    res.json({ _id: req.params.id, deleted: true });
  }),
);

app.use((_req, res) => res.status(404).json({ error: 'not found' }));
// Express knows an error handler by its four parameters.
app.use((error, _req, res, _next) => res.status(500).json({ error: String(error?.message ?? error) }));

app.listen(Number(process.env.PORT), '127.0.0.1');
