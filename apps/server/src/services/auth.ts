import { eq, sql } from 'drizzle-orm';
import { MSG, type LoginRequest, type LoginResponse, type RegisterRequest, type Role, type User } from '@sendero/contract';
import { users, type UserRow } from '@/db/schema.js';
import type { Db } from '@/db/types.js';
import { preparedRead } from '@/db/prepared.js';
import { readCache } from '@/db/read-cache.js';
import { pgErrorCode, UNIQUE_VIOLATION } from '@/db/errors.js';
import { conflict, unauthorized } from '@/errors.js';
import type { AuthUser } from '@/services/caller.js';
import { dummyHash, hashPassword, verifyPassword } from './passwords.js';
import type { TokenClaims, TokenService } from './tokens.js';
import { toUserJson } from './user-json.js';

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, normalizeEmail(email)))
    .limit(1);
  return row;
}

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export interface NewUser {
  email: string;
  password: string;
  firstname: string;
  lastname: string;
  role?: Role;
}

/** Creates a user (any role: the CLI and first run create admins; the API only users). 409 on a taken email. */
export async function createUserRow(db: Db, input: NewUser): Promise<UserRow> {
  const passwordHash = await hashPassword(input.password);
  try {
    const [row] = await db
      .insert(users)
      .values({
        email: normalizeEmail(input.email),
        passwordHash,
        firstname: input.firstname.trim(),
        lastname: input.lastname.trim(),
        role: input.role ?? 'user',
      })
      .returning();
    return row!;
  } catch (error) {
    if (pgErrorCode(error) === UNIQUE_VIOLATION) throw conflict(MSG.emailInUse);
    throw error;
  }
}

/** POST /api/register: always role user. */
export async function register(db: Db, input: RegisterRequest): Promise<User> {
  return toUserJson(await createUserRow(db, { ...input, role: 'user' }));
}

export async function issueToken(tokens: TokenService, user: Pick<UserRow, 'id' | 'tokenVersion'>): Promise<string> {
  return tokens.sign({ sub: user.id, ver: user.tokenVersion });
}

/**
 * POST /api/login and /api/admin/login. An unknown email, a wrong password and (for the admin login)
 * a non-admin account all get the same 401 after the same argon2 work.
 */
export async function login(
  db: Db,
  tokens: TokenService,
  input: LoginRequest,
  options: { adminOnly?: boolean } = {},
): Promise<LoginResponse> {
  const user = await findUserByEmail(db, input.email);
  const ok = await verifyPassword(user?.passwordHash ?? (await dummyHash()), input.password);
  if (!user || !ok || (options.adminOnly && user.role !== 'admin')) throw unauthorized(MSG.loginFailed);
  return { token: await issueToken(tokens, user), _id: user.id, role: user.role };
}

/** The caller's row, read with the token's claims on every request (see `callerFromRow`). */
export interface CallerRow {
  id: string;
  role: Role;
  firstname: string;
  lastname: string;
  tokenVersion: number;
}

/**
 * On the embedded database, callers' rows by user id, kept until the next write of any kind
 * (db/read-cache.ts): a role change, a retired token or a deleted user is a write, so the next request
 * reads the row again. A few thousand rows of five short columns.
 */
export const callerRows = readCache<CallerRow>({ maxEntries: 5000 });

/** The caller a `CallerRow` stands for, or null when it is gone or the token was retired. */
export function callerFromRow(row: CallerRow | null | undefined, claims: TokenClaims): AuthUser | null {
  if (!row || row.id !== claims.sub || row.tokenVersion !== claims.ver) return null;
  return { id: row.id, role: row.role, firstname: row.firstname, lastname: row.lastname };
}

/** The caller behind a bearer token, read from the database now (current role, current token version). */
export async function authenticate(db: Db, tokens: TokenService, token: string): Promise<AuthUser | null> {
  const claims = tokens.verify(token);
  if (!claims) return null;
  const cache = callerRows.on(db);
  const kept = cache?.get(claims.sub);
  if (kept) return callerFromRow(kept, claims);
  const at = cache?.generation();
  const [row] = await callerRead.rows(db, { sub: claims.sub });
  if (row && cache) cache.set(claims.sub, row, at!);
  return callerFromRow(row, claims);
}

/** `authenticate`'s read, prepared once per database session (db/prepared.ts). */
const callerRead = preparedRead<{ sub: string }, CallerRow>(
  'sendero_caller',
  sql`select ${users.id} as "id", ${users.role} as "role", ${users.firstname} as "firstname", ${users.lastname} as "lastname",
    ${users.tokenVersion} as "tokenVersion" from ${users} where ${users.id} = ${sql.placeholder('sub')}::uuid`,
);
