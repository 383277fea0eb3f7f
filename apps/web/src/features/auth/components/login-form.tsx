import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { LoginFormSchema, MSG, type LoginForm as LoginValues, type LoginResponse } from '@sendero/contract';
import { useToast } from '@/components/ui/toast';
import { errorMessage, isApiRequestError } from '@/lib/api-client';
import { applyServerFieldErrors, fieldProps } from '@/lib/form';
import { useLogin } from '../api/login';

interface LoginFormProps {
  /** The admin form posts to /api/admin/login. */
  asAdmin?: boolean;
  onSuccess: (session: LoginResponse) => void;
}

/** Email + password with the messages of docs/product.md#validation and the failure alert of docs/product.md#errors. */
export function LoginForm({ asAdmin = false, onSuccess }: LoginFormProps) {
  const toast = useToast();
  const loginMutation = useLogin({ asAdmin });
  const [alert, setAlert] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<LoginValues>({ resolver: zodResolver(LoginFormSchema), defaultValues: { email: '', password: '' } });

  const onSubmit = (values: LoginValues) => {
    setAlert(null);
    loginMutation.mutate(values, {
      onSuccess,
      onError: (e) => {
        if (isApiRequestError(e) && e.status === 401) setAlert(MSG.loginFailed);
        else if (isApiRequestError(e) && e.status >= 400 && e.status < 500) {
          if (!applyServerFieldErrors(e.fields, ['email', 'password'], setError)) setAlert(e.message);
        } else toast.showError(errorMessage(e));
      },
    });
  };

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} aria-label={asAdmin ? 'Ingreso de administradores' : 'Ingreso'}>
      <Stack spacing={2}>
        {alert && (
          <Alert severity="error" role="alert">
            {alert}
          </Alert>
        )}
        <TextField
          {...fieldProps(register, errors, 'email')}
          id="login-email"
          label="Correo"
          placeholder="Correo"
          type="email"
          autoComplete="email"
          fullWidth
        />
        <TextField
          {...fieldProps(register, errors, 'password')}
          id="login-password"
          label="Contraseña"
          placeholder="Contraseña"
          type="password"
          autoComplete="current-password"
          fullWidth
        />
        <Button type="submit" variant="contained" size="large" disabled={loginMutation.isPending} fullWidth>
          Ingresar
        </Button>
      </Stack>
    </form>
  );
}
