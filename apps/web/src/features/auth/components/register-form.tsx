import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { MSG, RegisterFormSchema, type RegisterForm as RegisterValues, TEXT } from '@sendero/contract';
import { useToast } from '@/components/ui/toast';
import { FormAlert, FormTextField } from '@/components/ui/form-fields';
import { isApiRequestError } from '@/lib/api-client';
import { handleFormError } from '@/lib/form';
import { useRegister } from '../api/register';

const FIELDS = ['email', 'password', 'confirm', 'firstname', 'lastname'] as const;

/** Registration with the messages of docs/product.md#validation and the failure alert of docs/product.md#errors. */
export function RegisterForm({ onSuccess }: { onSuccess: () => void }) {
  const toast = useToast();
  const registerMutation = useRegister();
  const [alert, setAlert] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<RegisterValues>({
    resolver: zodResolver(RegisterFormSchema),
    defaultValues: { email: '', password: '', confirm: '', firstname: '', lastname: '' },
  });
  const form = { register, errors };

  const onSubmit = ({ confirm: _confirm, ...body }: RegisterValues) => {
    setAlert(null);
    registerMutation.mutate(body, {
      onSuccess,
      onError: (e) => {
        if (isApiRequestError(e) && e.status === 409) setAlert(MSG.emailInUse);
        else handleFormError(e, { setError, fields: FIELDS, onRefusal: setAlert, onOther: toast.showError });
      },
    });
  };

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} aria-label={TEXT.auth.registerForm}>
      <Stack spacing={2}>
        <FormAlert message={alert} />
        <FormTextField form={form} name="email" id="register-email" label={TEXT.fields.email} type="email" autoComplete="email" />
        <FormTextField form={form} name="password" id="register-password" label={TEXT.fields.password} type="password" autoComplete="new-password" />
        <FormTextField form={form} name="confirm" id="register-confirm" label={TEXT.fields.confirm} type="password" autoComplete="new-password" />
        <FormTextField form={form} name="firstname" id="register-firstname" label={TEXT.fields.firstname} autoComplete="given-name" />
        <FormTextField form={form} name="lastname" id="register-lastname" label={TEXT.fields.lastname} autoComplete="family-name" />
        <Button type="submit" variant="contained" size="large" disabled={registerMutation.isPending} fullWidth>
          {TEXT.auth.register}
        </Button>
      </Stack>
    </form>
  );
}
