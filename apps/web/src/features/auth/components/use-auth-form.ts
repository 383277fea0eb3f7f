import { useState } from 'react';
import { useForm, type FieldValues, type Path, type Resolver } from 'react-hook-form';
import { useToast } from '@/components/ui/toast';
import { isApiRequestError } from '@/lib/api-client';
import { handleFormError } from '@/lib/form';

/**
 * A resolver that imports the real one (zod and the contract's schemas, auth-schemas.ts) on its first
 * call, so building the schemas does not block the first paint. `preload` starts that import early
 * (on the form's first focus), so the first check is as quick as before.
 */
export function lazyResolver<T extends FieldValues>(load: () => Promise<Resolver<T>>): { resolver: Resolver<T>; preload: () => void } {
  let loading: Promise<Resolver<T>> | null = null;
  const get = () => {
    // A failed import (no signal) is tried again on the next check.
    loading ??= load().catch((e: unknown) => {
      loading = null;
      throw e;
    });
    return loading;
  };
  return {
    resolver: async (values, context, options) => (await get())(values, context, options),
    preload: () => void get().catch(() => {}),
  };
}

/**
 * What the login, register and forgot-password forms share: react-hook-form checked by the contract's
 * schema, the alert above the fields, and a failed request (docs/architecture.md#errors): a status in
 * `known` shows its sentence in the alert (401 on login: 'Correo o contraseña incorrectos.'), field
 * messages go under their fields, another refusal to the alert, anything else to the error toast.
 *
 * No default values: each field starts with what its <input> holds when it is registered. On a page
 * hydrated from its build-time HTML (src/boot/README.md) that is what the visitor typed before the app
 * ran; a default value would be written over it.
 */
export function useAuthForm<T extends FieldValues>(resolver: Resolver<T>, fields: readonly Path<T>[]) {
  const toast = useToast();
  const [alert, setAlert] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<T>({ resolver });
  const onError = (e: unknown, known: Record<number, string> = {}) => {
    const sentence = isApiRequestError(e) ? known[e.status] : undefined;
    if (sentence) setAlert(sentence);
    else handleFormError(e, { setError, fields, onRefusal: setAlert, onOther: toast.showError });
  };
  return { form: { register, errors }, handleSubmit, alert, clearAlert: () => setAlert(null), onError };
}
