import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import pg from 'pg';
import { placeChanged, placesDropped, setPlaceCacheMaxAge } from '@/services/place-changes-hub.js';
import { PLACE_LIST_TTL_MS } from '@/services/place-list-cache.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The cross-process place-change listener (PostgreSQL only); `live` while it listens. */
    placeChanges: { readonly live: boolean };
  }
}

/** The channel the `places` and `ratings` triggers notify (drizzle/0006_several_processes.sql). */
export const PLACE_CHANGES_CHANNEL = 'sendero_places';
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const RECONNECT_MIN_MS = 100;
const RECONNECT_MAX_MS = 5000;

/**
 * Several processes on one PostgreSQL (docs/product.md#several-processes,
 * docs/decisions/014-place-caches-until-notified.md): a dedicated connection LISTENs for the place
 * ids the triggers notify at every commit, from any process, and invalidates this process's place list
 * and that entry of the browsing index at once. While it listens the caches are kept until such a
 * notification; when the connection is lost the caches are dropped, kept at most PLACE_LIST_TTL_MS until
 * it is back (reconnecting with a backoff up to 5 s), and dropped again once it listens (notifications
 * sent meanwhile are lost). PGlite has one process: nothing to listen to, and the caches are kept until
 * a write in this process.
 */
async function placeChangesPlugin(app: FastifyInstance) {
  const state = { live: false };
  app.decorate('placeChanges', state as { readonly live: boolean });
  const url = app.config.databaseUrl;
  // One process owns the embedded database: every write goes through the place-change hub here, so the
  // place caches are kept until one (no 1 s rebuild of the whole list as for a silent PostgreSQL).
  if (!url) return setPlaceCacheMaxAge(app.db, () => Number.POSITIVE_INFINITY);

  setPlaceCacheMaxAge(app.db, () => (state.live ? Number.POSITIVE_INFINITY : PLACE_LIST_TTL_MS));
  let client: pg.Client | null = null;
  let closing = false;
  let attempt = 0;
  let timer: NodeJS.Timeout | null = null;

  const lost = (error?: unknown) => {
    if (state.live) app.log.warn({ err: error }, 'place changes: listener disconnected, caches kept at most 1 s until it is back');
    state.live = false;
    placesDropped(app.db);
    const old = client;
    client = null;
    old?.removeAllListeners('notification');
    old?.end().catch(() => undefined);
    schedule();
  };

  const schedule = () => {
    if (closing || timer) return;
    const delay = Math.min(RECONNECT_MAX_MS, RECONNECT_MIN_MS * 2 ** Math.min(attempt, 6));
    attempt++;
    timer = setTimeout(() => {
      timer = null;
      void connect();
    }, delay);
    timer.unref();
  };

  const connect = async (): Promise<boolean> => {
    if (closing || client) return state.live;
    const next = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000, keepAlive: true, application_name: 'sendero-place-changes' });
    client = next;
    // Errors end the connection; 'end' follows. Either way: lost, reconnect.
    next.on('error', (error) => {
      if (client === next) lost(error);
    });
    next.on('end', () => {
      if (client === next && !closing) lost();
    });
    next.on('notification', (message) => {
      if (message.channel !== PLACE_CHANGES_CHANNEL) return;
      if (message.payload && UUID_RE.test(message.payload)) placeChanged(app.db, message.payload);
      else placesDropped(app.db);
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${PLACE_CHANGES_CHANNEL}`);
    } catch (error) {
      if (client === next) {
        if (attempt === 0) app.log.warn({ err: error }, 'place changes: cannot listen yet, caches kept at most 1 s until it can');
        lost(error);
      }
      return false;
    }
    if (client !== next || closing) return false;
    // Anything written while nobody listened is unknown: start from the database.
    placesDropped(app.db);
    if (attempt > 0) app.log.info('place changes: listening again');
    attempt = 0;
    state.live = true;
    return true;
  };

  app.addHook('onClose', async () => {
    closing = true;
    state.live = false;
    if (timer) clearTimeout(timer);
    const old = client;
    client = null;
    await old?.end().catch(() => undefined);
  });

  await connect();
}

export default fp(placeChangesPlugin, { name: 'place-changes', fastify: '5.x', dependencies: ['database'] });
