import Alert from '@mui/material/Alert';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import type { FieldErrors, FieldValues, Path, UseFormRegister } from 'react-hook-form';
import { fieldProps } from '@/lib/form';

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
export function FormTextField<T extends FieldValues>({ form, name, label, ...props }: FormTextFieldProps<T>) {
  return <TextField {...fieldProps(form.register, form.errors, name)} label={label} placeholder={label} fullWidth {...props} />;
}

/** The form-level failure sentence (docs/product.md#errors), announced to screen readers; nothing when null. */
export function FormAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert severity="error" role="alert">
      {message}
    </Alert>
  );
}
