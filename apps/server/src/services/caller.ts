import type { Role } from '@sendero/contract';

/** Who is calling: read from the database on every request (current role, not the token's). */
export interface AuthUser {
  id: string;
  role: Role;
  firstname: string;
  lastname: string;
}
