/**
 * Throw-away PostgreSQL databases, for the tests on PostgreSQL (helpers/database.ts) and for bench/:
 * no vitest here, so a benchmark may import it.
 */
import pg from 'pg';

/** One statement on the PostgreSQL server at `serverUrl` (create / drop database). */
export async function serverQuery(serverUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** A new, empty database `name` on the server at `serverUrl`: its URL, and drop() (its clients are cut). */
export async function createScratchDatabase(serverUrl: string, name: string): Promise<{ url: string; drop(): Promise<void> }> {
  await serverQuery(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => serverQuery(serverUrl, `drop database if exists ${name} with (force)`) };
}
