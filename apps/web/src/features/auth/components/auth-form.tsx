import { type FormEventHandler, type ReactNode, useLayoutEffect, useRef } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { adoptStaticForm } from '@/lib/adopt-static-form';

interface AuthFormProps {
  /** The form's accessible name. */
  label: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** Called on the first focus inside the form: starts loading the validation (lazyResolver's preload). */
  onFocus?: () => void;
  submitLabel: string;
  /** While the request is in flight the button is disabled, so a form is sent once. */
  pending: boolean;
  children: ReactNode;
}

/**
 * The sign-in, registration and password forms: fields in a column and one full-width submit button.
 * On /ingresar and /registro it takes over the page's static copy of itself as it mounts: what was typed
 * there, the focus, a press of its button (lib/adopt-static-form.ts).
 */
export function AuthForm({ label, onSubmit, onFocus, submitLabel, pending, children }: AuthFormProps) {
  const ref = useRef<HTMLFormElement>(null);
  useLayoutEffect(() => {
    if (ref.current) adoptStaticForm(ref.current);
  }, []);
  return (
    <form ref={ref} noValidate onFocus={onFocus} onSubmit={onSubmit} aria-label={label}>
      <Stack spacing={2}>
        {children}
        <Button type="submit" variant="contained" size="large" disabled={pending} fullWidth>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
