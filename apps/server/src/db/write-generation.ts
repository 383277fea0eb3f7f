import type { PGlite } from '@electric-sql/pglite';

/**
 * A write generation per embedded database (docs/decisions/031-pglite-read-cache.md): a counter that
 * moves whenever a statement that may change data runs, so that a value read while it kept one number
 * is known to be what the database holds as long as the number stays.
 *
 * Exact because the embedded database lives in this process only (several processes need PostgreSQL),
 * so every statement reaches it through this instance: every call into the engine (`query`, `exec`,
 * `transaction`, `execProtocol*`, db/prepared.ts) ends in `execProtocolRawSync`, which is wrapped here.
 *
 * What moves the counter, conservatively:
 * - every call whose messages execute a statement that is not a plain read: a Query ('Q') or the
 *   Execute ('E') of a portal bound from a Parse ('P') whose text is not `isReadOnlySql`; and every
 *   message of a kind not listed below (function calls, COPY, a startup packet);
 * - before the call and after it, and then after every further call until the data is visible to
 *   others: a call carrying a Sync or a Query that leaves no transaction block open (its implicit
 *   transaction is committed then, or the explicit one was ended by COMMIT or ROLLBACK).
 * Parse, Bind, Describe, Close, Flush, Sync and Terminate, reads, and BEGIN/COMMIT/ROLLBACK alone move
 * nothing by themselves.
 */
interface State {
  generation: number;
  /** A write ran and may not be visible yet: the counter moves after every call until it is. */
  pending: boolean;
  /** Whether each prepared statement ('' is the unnamed one) is a plain read. */
  statements: Map<string, boolean>;
  /** Whether each portal ('' is the unnamed one) was bound from a plain read. */
  portals: Map<string, boolean>;
}

const states = new WeakMap<PGlite, State>();

/** Starts counting writes on this instance (once; db/client.ts wrapPglite does it for every PGlite of ours). */
export function trackWrites(client: PGlite): void {
  if (states.has(client)) return;
  const state: State = { generation: 0, pending: false, statements: new Map(), portals: new Map() };
  states.set(client, state);
  const run = client.execProtocolRawSync.bind(client);
  client.execProtocolRawSync = (message: Uint8Array) => {
    const seen = scan(state, message);
    if (seen.writes) {
      state.generation++;
      state.pending = true;
    }
    try {
      return run(message);
    } finally {
      if (state.pending) {
        state.generation++;
        if (seen.ends && !inTransaction(client)) state.pending = false;
      }
    }
  };
}

/** The instance's write generation now, or null when its writes are not tracked (no read may be cached then). */
export function writeGeneration(client: PGlite): number | null {
  return states.get(client)?.generation ?? null;
}

function inTransaction(client: PGlite): boolean {
  try {
    return client.isInTransaction();
  } catch {
    return true; // closed or failing: keep moving the counter
  }
}

const decoder = new TextDecoder();

/** The NUL-terminated string at `at` and the offset after it. */
function cstring(bytes: Uint8Array, at: number, end: number): [string, number] {
  let nul = at;
  while (nul < end && bytes[nul] !== 0) nul++;
  return [decoder.decode(bytes.subarray(at, nul)), nul + 1];
}

/** Reads the frontend messages of one call: does it execute a write, and does it carry a Sync or a Query. */
function scan(state: State, message: Uint8Array): { writes: boolean; ends: boolean } {
  if (message.length === 0) return { writes: false, ends: false };
  if (message[0] === 0) return { writes: true, ends: true }; // startup packet: no type byte
  let writes = false;
  let ends = false;
  let at = 0;
  while (at < message.length) {
    const type = message[at]!;
    if (at + 5 > message.length) return { writes: true, ends: true };
    const length = ((message[at + 1]! << 24) | (message[at + 2]! << 16) | (message[at + 3]! << 8) | message[at + 4]!) >>> 0;
    const body = at + 5;
    const end = at + 1 + length;
    if (length < 4 || end > message.length) return { writes: true, ends: true };
    switch (type) {
      case 0x50: {
        // Parse: statement name, query text
        const [name, next] = cstring(message, body, end);
        const [text] = cstring(message, next, end);
        state.statements.set(name, isReadOnlySql(text));
        break;
      }
      case 0x42: {
        // Bind: portal name, statement name
        const [portal, next] = cstring(message, body, end);
        const [statement] = cstring(message, next, end);
        state.portals.set(portal, state.statements.get(statement) === true);
        break;
      }
      case 0x45: {
        // Execute: portal name
        const [portal] = cstring(message, body, end);
        if (state.portals.get(portal) !== true) writes = true;
        break;
      }
      case 0x51: {
        // Query (simple protocol): its text; it ends its own implicit transaction
        const [text] = cstring(message, body, end);
        if (!isReadOnlySql(text) && !isTransactionControl(text)) writes = true;
        ends = true;
        break;
      }
      case 0x53: // Sync
        ends = true;
        break;
      case 0x43: {
        // Close: 'S' statement or 'P' portal, and its name
        const [name] = cstring(message, body + 1, end);
        (message[body] === 0x53 ? state.statements : state.portals).delete(name);
        break;
      }
      case 0x44: // Describe
      case 0x48: // Flush
      case 0x58: // Terminate
        break;
      default:
        writes = true; // function call, COPY, anything else
    }
    at = end;
  }
  return { writes, ends };
}

/** Leading whitespace and comments. */
const LEADING = /^(?:\s+|--[^\n]*(?:\n|$)|\/\*[\s\S]*?\*\/)*/;

/**
 * Words that make a SELECT more than a read: row locks, SELECT INTO (creates a table), sequences,
 * settings, advisory locks, large objects, notifications, another statement after a semicolon. The
 * migrations define no function a SELECT could call to write (their one function is a trigger's).
 */
const NOT_ONLY_READ =
  /\b(?:for\s+(?:no\s+key\s+update|key\s+share|update|share)|into|nextval|setval|set_config|pg_advisory\w*|pg_notify|lo_\w+|dblink\w*)\b|;\s*\S/i;

/** A statement that only reads: it starts with SELECT and holds none of the words above. */
export function isReadOnlySql(text: string): boolean {
  const rest = text.slice(LEADING.exec(text)![0].length);
  return /^select\b/i.test(rest) && !NOT_ONLY_READ.test(rest);
}

/**
 * BEGIN, COMMIT or ROLLBACK alone (as PGlite's `transaction()` sends them): they change nothing
 * themselves; a write inside the transaction keeps the counter moving until it is over (`pending`).
 */
function isTransactionControl(text: string): boolean {
  return /^(?:begin|start\s+transaction|commit|end|rollback|abort)\b[^;]*;?\s*$/i.test(text.slice(LEADING.exec(text)![0].length)) && !/\bto\b/i.test(text);
}
