import { RETURN_PARAM, safeReturnPath } from '@sendero/contract';
import { paths } from '@/config/paths';

/** Screens it makes no sense to come back to after signing in (they would loop). */
const NOT_A_RETURN: readonly string[] = [
  paths.login,
  paths.register,
  paths.registerSuccess,
  paths.adminLogin,
  paths.forgotPassword,
  paths.resetPassword,
];

/**
 * Where to go after signing in (docs/product.md#sharing): `volver` when it is a path of this site
 * (contract's safeReturnPath: no `//host`, no scheme, no backslash), else null (the role's home
 * applies, docs/product.md#routes-and-guards).
 */
export function returnPathFrom(search: URLSearchParams): string | null {
  const path = safeReturnPath(search.get(RETURN_PARAM));
  if (!path) return null;
  const pathname = path.split(/[?#]/)[0]!;
  return NOT_A_RETURN.includes(pathname.replace(/\/+$/, '') || '/') ? null : path;
}

/** `to` (a screen such as /ingresar) carrying `volver` when there is one. */
export function withReturn(to: string, volver: string | null): string {
  return volver ? `${to}?${new URLSearchParams({ [RETURN_PARAM]: volver })}` : to;
}
