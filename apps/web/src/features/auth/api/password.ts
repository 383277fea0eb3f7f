import { useMutation } from '@tanstack/react-query';
import { API, type PasswordForgot, type PasswordReset } from '@sendero/contract';
import { api } from '@/lib/api-client';

/** POST /api/password/forgot: always `{ok: true}` (the answer never says whether the account exists). */
export function forgotPassword(body: PasswordForgot): Promise<{ ok: true }> {
  return api.post<{ ok: true }>(API.passwordForgot, body, { auth: false });
}

/** POST /api/password/reset with the token of the mailed link. */
export function resetPassword(body: PasswordReset): Promise<{ ok: true }> {
  return api.post<{ ok: true }>(API.passwordReset, body, { auth: false });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
