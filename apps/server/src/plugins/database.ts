import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '@/db/types.js';

/** Decorates `app.db`. Opening, migrating and closing the database belong to whoever built the app. */
async function databasePlugin(app: FastifyInstance, opts: { db: Db }) {
  app.decorate('db', opts.db);
}

export default fp(databasePlugin, { name: 'database', fastify: '5.x' });
