import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API, type LoginForm, type LoginResponse } from '@sendero/contract';
import { api } from '@/lib/api-client';
import { setSession } from '@/lib/session';

/** POST /api/login, or POST /api/admin/login for the admin form (only administrators succeed there). */
export function login(body: LoginForm, asAdmin = false): Promise<LoginResponse> {
  return api.post<LoginResponse>(asAdmin ? API.adminLogin : API.login, body, { auth: false });
}

/** Logs in and stores the session; cached data of a previous session is dropped. */
export function useLogin({ asAdmin = false }: { asAdmin?: boolean } = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: LoginForm) => login(body, asAdmin),
    onSuccess: (res) => {
      qc.clear();
      setSession({ token: res.token, _id: res._id, role: res.role });
    },
  });
}
