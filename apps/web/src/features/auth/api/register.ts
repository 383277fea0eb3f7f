import { useMutation } from '@tanstack/react-query';
import { API, type RegisterRequest, type User } from '@sendero/contract';
import { api } from '@/lib/api-client';

/** POST /api/register (the confirmation is not sent). */
export function register(body: RegisterRequest): Promise<User> {
  return api.post<User>(API.register, body, { auth: false });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
