import { memo } from 'react';
import Alert from '@mui/material/Alert';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import type { FieldErrors, FieldValues, Path, UseFormRegister } from 'react-hook-form';

type FormTextFieldProps<T extends FieldValues> = Omit<TextFieldProps, 'name'> & {
  /** The form's `register` and `formState.errors`. */
  form: { register: UseFormRegister<T>; errors: FieldErrors<T> };
  name: Path<T>;
  label: string;
};

/**
 * A full-width MUI text field bound to react-hook-form, its label repeated as placeholder as the
 * screens of docs/product.md show them, its message under it. Other TextField props pass through.
 */
export function FormTextField<T extends FieldValues>({ form, name, ...props }: FormTextFieldProps<T>) {
  // The message is read here, as a string: react-hook-form changes its errors object in place.
  const message = (form.errors as Record<string, { message?: unknown } | undefined>)[name]?.message;
  return <BoundTextField register={form.register as UseFormRegister<FieldValues>} name={name} message={typeof message === 'string' ? message : undefined} {...props} />;
}

type BoundTextFieldProps = Omit<TextFieldProps, 'name'> & { register: UseFormRegister<FieldValues>; name: string; message: string | undefined; label: string };

/**
 * The field itself renders again only when its message or its props change (React's memo):
 * react-hook-form re-renders the whole form right after it mounts (useForm marks itself ready in a
 * layout effect, a synchronous render in the same task as React's first commit), and MUI's text fields
 * are most of a form's rendering; they need not follow.
 */
const BoundTextField = memo(function BoundTextField({ register, name, message, label, ...props }: BoundTextFieldProps) {
  const { ref, ...rest } = register(name);
  return <TextField {...rest} inputRef={ref} error={Boolean(message)} helperText={message} label={label} placeholder={label} fullWidth {...props} />;
});

/** The form-level failure sentence (docs/product.md#errors), announced to screen readers; nothing when null. */
export function FormAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert severity="error" role="alert">
      {message}
    </Alert>
  );
}
