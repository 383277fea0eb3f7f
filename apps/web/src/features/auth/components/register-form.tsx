import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { MSG, RegisterFormSchema, type RegisterForm as RegisterValues } from '@sendero/contract';
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
    <form noValidate onSubmit={handleSubmit(onSubmit)} aria-label="Registro">
      <Stack spacing={2}>
        <FormAlert message={alert} />
        <FormTextField form={form} name="email" id="register-email" label="Correo" type="email" autoComplete="email" />
        <FormTextField form={form} name="password" id="register-password" label="Contraseña" type="password" autoComplete="new-password" />
        <FormTextField form={form} name="confirm" id="register-confirm" label="Confirmar Contraseña" type="password" autoComplete="new-password" />
        <FormTextField form={form} name="firstname" id="register-firstname" label="Nombre" autoComplete="given-name" />
        <FormTextField form={form} name="lastname" id="register-lastname" label="Apellido" autoComplete="family-name" />
        <Button type="submit" variant="contained" size="large" disabled={registerMutation.isPending} fullWidth>
          Registrarme
        </Button>
      </Stack>
    </form>
  );
}
