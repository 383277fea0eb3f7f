/**
 * The peer of `npm run bench:reviews`: the original backend's review and read calls re-created on plain
 * node:http + `pg`, as it did them: JWT checked without reading the user, one query per step, no cache,
 * reviews as insert + read of the aggregate + update of the place WITHOUT a transaction or a lock.
 * It runs on Sendero's own PostgreSQL tables, so both answer the same rows. Environment: PORT,
 * DATABASE_URL, JWT_SECRET. Not a server to use: it has no validation of its own beyond the bare minimum.
 */
import { createServer } from 'node:http';
import { jwtVerify } from 'jose';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const key = new TextEncoder().encode(process.env.JWT_SECRET);

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

function send(res, status, body) {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

function readJson(req) {
  return new Promise((ok, fail) => {
    const parts = [];
    req.on('data', (d) => parts.push(d));
    req.on('end', () => {
      try {
        ok(JSON.parse(Buffer.concat(parts).toString() || '{}'));
      } catch (error) {
        fail(error);
      }
    });
    req.on('error', fail);
  });
}

async function recompute(placeId) {
  const { rows } = await pool.query('select round(avg(rating)::numeric, 1) as mean, count(*)::int as n from ratings where id_place = $1', [placeId]);
  await pool.query('update places set rating = $2, comments = $3 where id = $1', [placeId, rows[0].mean ?? 0, rows[0].n]);
}

async function handle(req, res) {
  if (req.url === '/api/health') return send(res, 200, { ok: true });
  const user = await caller(req);
  if (!user) return send(res, 401, { error: 'unauthorized' });
  const url = req.url ?? '';
  if (req.method === 'POST' && url === '/api/rating/create') {
    const body = await readJson(req);
    const { rows } = await pool.query(
      'insert into ratings (id_user, id_place, photo_url, rating, comment) values ($1, $2, $3, $4, $5) returning *',
      [user, body.id_place, body.photo_url, body.rating, body.comment],
    );
    await recompute(body.id_place);
    return send(res, 201, rows[0]);
  }
  let m = /^\/api\/rating\/delete\/([0-9a-f-]{36})$/.exec(url);
  if (req.method === 'DELETE' && m) {
    const { rows } = await pool.query('select * from ratings where id = $1', [m[1]]);
    if (!rows[0]) return send(res, 404, { error: 'not found' });
    if (rows[0].id_user !== user) return send(res, 403, { error: 'forbidden' });
    await pool.query('delete from ratings where id = $1', [m[1]]);
    await recompute(rows[0].id_place);
    return send(res, 200, { _id: m[1], deleted: true });
  }
  m = /^\/api\/place\/([0-9a-f-]{36})$/.exec(url);
  if (req.method === 'GET' && m) {
    const { rows } = await pool.query('select * from places where id = $1', [m[1]]);
    return rows[0] ? send(res, 200, rows[0]) : send(res, 404, { error: 'not found' });
  }
  m = /^\/api\/rating\/([0-9a-f-]{36})$/.exec(url);
  if (req.method === 'GET' && m) {
    const { rows } = await pool.query(
      'select r.*, u.firstname, u.lastname, u.photo_url as photo_user from ratings r join users u on u.id = r.id_user where r.id_place = $1 order by r.created_at desc',
      [m[1]],
    );
    return send(res, 200, rows);
  }
  send(res, 404, { error: 'not found' });
}

createServer((req, res) => {
  handle(req, res).catch((error) => send(res, 500, { error: String(error.message ?? error) }));
}).listen(Number(process.env.PORT), '127.0.0.1');
