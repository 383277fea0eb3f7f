import type { FormEventHandler, ReactNode } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useHydrated } from '@/boot/hydration';

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

/** The fields' props that keep their label on the border from the first paint, so typed text is never under it before the app runs. */
export const LABEL_ON_BORDER = { inputLabel: { shrink: true } } as const;

/**
 * The sign-in, registration and password forms: fields in a column and one full-width submit button.
 * On /ingresar and /registro, prerendered at build time (src/boot/README.md), the fields take typing from
 * the first paint and the button is disabled until React has hydrated the page: the browser never sends
 * the form itself (with a disabled button, Enter does not either), so the fields never end up in the
 * page's address, and what was typed stays in them for the app.
 */
export function AuthForm({ label, onSubmit, onFocus, submitLabel, pending, children }: AuthFormProps) {
  const hydrated = useHydrated();
  return (
    <form noValidate onFocus={onFocus} onSubmit={onSubmit} aria-label={label}>
      <Stack spacing={2}>
        {children}
        <Button type="submit" variant="contained" size="large" disabled={pending || !hydrated} fullWidth>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
