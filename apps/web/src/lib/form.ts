import type { FieldErrors, FieldValues, Path, RegisterOptions, UseFormRegister, UseFormSetError } from 'react-hook-form';

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
