import type { FastifyInstance } from 'fastify';

// PLACEHOLDER written by the server-foundation engineer so app.ts compiles; S2 owns and replaces it.
export default async function uploadRoutes(_app: FastifyInstance): Promise<void> {
  // S2: register the routes of this resource here, with app.withTypeProvider<ZodTypeProvider>().
}
