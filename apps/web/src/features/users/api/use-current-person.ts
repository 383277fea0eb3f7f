import type { Session } from '@sendero/contract';
import { useSession } from '@/lib/session';
import { useAdmin } from './get-admin';
import { useUser } from './get-user';

/**
 * The signed-in person as the server has them: the user record (GET /api/user/{id}), or for an
 * administrator the admin record (GET /api/admin/{id}) (docs/product.md#session). Both queries are
 * declared so the hooks order never changes; only the one that applies runs. `query` is the running one.
 */
export function useCurrentPerson() {
  const session: Session | null = useSession();
  const isAdmin = session?.role === 'admin';
  const user = useUser(session && !isAdmin ? session._id : undefined);
  const admin = useAdmin(session && isAdmin ? session._id : undefined);
  const query = isAdmin ? admin : user;
  return { session, isAdmin, user, admin, query, person: query.data };
}
