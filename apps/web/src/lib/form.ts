import type { FieldErrors, FieldValues, Path, RegisterOptions, UseFormRegister, UseFormSetError } from 'react-hook-form';
import { errorMessage, isApiRequestError } from './api-client';

/**
 * Props that bind a MUI TextField to react-hook-form: the ref goes to the <input> (so focus on the
 * first invalid field works) and the field's message is shown under it.
 */
export function fieldProps<T extends FieldValues>(
  register: UseFormRegister<T>,
  errors: FieldErrors<T>,
  name: Path<T>,
  options?: RegisterOptions<T, Path<T>>,
) {
  const { ref, ...rest } = register(name, options);
  const message = (errors as Record<string, { message?: unknown } | undefined>)[name]?.message;
  const text = typeof message === 'string' ? message : undefined;
  return { ...rest, inputRef: ref, error: Boolean(text), helperText: text };
}

/** Copies the server's per-field messages (docs/architecture.md#errors `fields`) onto the form. */
export function applyServerFieldErrors<T extends FieldValues>(
  fields: Record<string, string> | undefined,
  known: readonly Path<T>[],
  setError: UseFormSetError<T>,
): boolean {
  let applied = false;
  for (const [name, message] of Object.entries(fields ?? {})) {
    if ((known as readonly string[]).includes(name)) {
      setError(name as Path<T>, { type: 'server', message });
      applied = true;
    }
  }
  return applied;
}

/**
 * What every form does with a failed request (docs/architecture.md#errors): a refusal (4xx) whose
 * `fields` name fields of this form puts each message under its field; anything else (a 5xx, no
 * network) goes to `onOther` with its Spanish message, usually the error toast; a refusal about no
 * field of the form goes to `onRefusal` (a form-level alert) when given. What the user typed is never
 * cleared. `fields` lists the form's fields by their
 * server names, or maps a server field name to the form's (undefined when the form has no such field).
 */
export function handleFormError<T extends FieldValues>(
  e: unknown,
  options: {
    setError: UseFormSetError<T>;
    fields: readonly Path<T>[] | ((serverField: string) => Path<T> | null | undefined);
    onOther: (message: string) => void;
    /** A refusal (4xx) about no field of the form; defaults to `onOther`. */
    onRefusal?: (message: string) => void;
  },
): void {
  if (isApiRequestError(e) && e.status >= 400 && e.status < 500 && e.fields) {
    const map = options.fields;
    const toForm =
      typeof map === 'function' ? map : (name: string) => ((map as readonly string[]).includes(name) ? (name as Path<T>) : undefined);
    let placed = false;
    for (const [name, message] of Object.entries(e.fields)) {
      const target = toForm(name);
      if (target) {
        options.setError(target, { type: 'server', message });
        placed = true;
      }
    }
    if (placed) return;
  }
  if (isApiRequestError(e) && e.status >= 400 && e.status < 500 && options.onRefusal) options.onRefusal(e.message);
  else options.onOther(errorMessage(e));
}
