import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { MSG, RegisterFormSchema, type RegisterForm as RegisterValues } from '@sendero/contract';
import { useToast } from '@/components/ui/toast';
import { errorMessage, isApiRequestError } from '@/lib/api-client';
import { applyServerFieldErrors, fieldProps } from '@/lib/form';
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

  const onSubmit = ({ confirm: _confirm, ...body }: RegisterValues) => {
    setAlert(null);
    registerMutation.mutate(body, {
      onSuccess,
      onError: (e) => {
        if (isApiRequestError(e) && e.status === 409) setAlert(MSG.emailInUse);
        else if (isApiRequestError(e) && e.status >= 400 && e.status < 500) {
          if (!applyServerFieldErrors(e.fields, FIELDS, setError)) setAlert(e.message);
        } else toast.showError(errorMessage(e));
      },
    });
  };

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} aria-label="Registro">
      <Stack spacing={2}>
        {alert && (
          <Alert severity="error" role="alert">
            {alert}
          </Alert>
        )}
        <TextField {...fieldProps(register, errors, 'email')} id="register-email" label="Correo" placeholder="Correo" type="email" autoComplete="email" fullWidth />
        <TextField
          {...fieldProps(register, errors, 'password')}
          id="register-password"
          label="Contraseña"
          placeholder="Contraseña"
          type="password"
          autoComplete="new-password"
          fullWidth
        />
        <TextField
          {...fieldProps(register, errors, 'confirm')}
          id="register-confirm"
          label="Confirmar Contraseña"
          placeholder="Confirmar Contraseña"
          type="password"
          autoComplete="new-password"
          fullWidth
        />
        <TextField
          {...fieldProps(register, errors, 'firstname')}
          id="register-firstname"
          label="Nombre"
          placeholder="Nombre"
          autoComplete="given-name"
          fullWidth
        />
        <TextField
          {...fieldProps(register, errors, 'lastname')}
          id="register-lastname"
          label="Apellido"
          placeholder="Apellido"
          autoComplete="family-name"
          fullWidth
        />
        <Button type="submit" variant="contained" size="large" disabled={registerMutation.isPending} fullWidth>
          Registrarme
        </Button>
      </Stack>
    </form>
  );
}
