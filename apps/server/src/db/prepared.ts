import { parse as pgliteParse, PGlite, protocol } from '@electric-sql/pglite';
import { type SQL, Placeholder } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Db } from './types.js';

/**
 * Named prepared statements for the hottest calls (the caller's row, the place detail and its reviews,
 * review create and delete; docs/architecture.md#data): the statement is parsed once per database
 * session, and every request after that only binds its values and executes.
 * - PostgreSQL: node-postgres's named queries (`{ name, text, values }`), prepared once per connection.
 * - PGlite: `query()` sends six protocol messages, each a call into the WebAssembly module (parse,
 *   describe, bind, describe, execute, sync) and parses and plans the statement every time; here the
 *   statement is parsed once per PGlite instance and each request is one call of bind + describe +
 *   execute + sync, under the same locks as `query()` (so never inside another caller's transaction).
 * Rows come as each driver parses its column types (uuid and text strings, integers, booleans, float
 * numbers, timestamptz as Date, text[] as arrays, json parsed); `numeric` differs (a string on
 * PostgreSQL), so callers convert it with Number(). Only outside a transaction (`Db`, not `Tx`): a
 * statement that writes is its own transaction, committed when it returns.
 */
export interface PreparedRead<P extends Record<string, string | null>, R> {
  /** The rows of the statement for these values. */
  rows(db: Db, values: P): Promise<R[]>;
}

const dialect = new PgDialect();

/**
 * A statement named `name` (unique in the process) from drizzle SQL whose values are all
 * `sql.placeholder(...)`s, filled from `values` at each call.
 */
export function preparedStatement<P extends Record<string, string | null>, R>(name: string, query: SQL): PreparedRead<P, R> {
  const compiled = dialect.sqlToQuery(query);
  const order = compiled.params.map((param) => {
    if (!(param instanceof Placeholder)) throw new Error(`prepared statement ${name}: every value must be a placeholder`);
    return param.name as keyof P;
  });
  const text = compiled.sql;
  return {
    async rows(db, values) {
      const args = order.map((key) => values[key] ?? null);
      const client = (db as unknown as { $client: unknown }).$client;
      if (client instanceof PGlite) return pgliteRows<R>(client, name, text, args);
      if (client instanceof pg.Pool || client instanceof pg.Client) return (await client.query<R & pg.QueryResultRow>({ name, text, values: args })).rows;
      throw new Error('preparedStatement: unknown database client');
    },
  };
}

/** The same as {@link preparedStatement}, named for what the reads use it for. */
export const preparedRead = preparedStatement;

/** The statement names already prepared on each PGlite instance (a closed instance is forgotten with it). */
const preparedOn = new WeakMap<PGlite, Set<string>>();

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

async function pgliteRows<R>(client: PGlite, name: string, text: string, values: Array<string | null>): Promise<R[]> {
  await client._checkReady();
  // Bind, describe the portal (the column types the rows are parsed with), execute, sync: one call.
  const run = concat([
    protocol.serialize.bind({ statement: name, values }),
    protocol.serialize.describe({ type: 'P' }),
    protocol.serialize.execute({}),
    protocol.serialize.sync(),
  ]);
  return client._runExclusiveTransaction(() =>
    client._runExclusiveQuery(async () => {
      let prepared = preparedOn.get(client);
      if (!prepared) preparedOn.set(client, (prepared = new Set()));
      if (!prepared.has(name)) {
        // Parsed on its own first: a failing bind below must not leave us unsure whether it exists.
        await client.execProtocol(concat([protocol.serialize.parse({ name, text, types: [] }), protocol.serialize.sync()]));
        prepared.add(name);
      }
      const { messages } = await client.execProtocol(run);
      return (pgliteParse.parseResults(messages, client.parsers)[0]?.rows ?? []) as R[];
    }),
  );
}
