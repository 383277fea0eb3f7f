import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { LoginFormSchema, MSG, type LoginForm as LoginValues, type LoginResponse, TEXT } from '@sendero/contract';
import { useToast } from '@/components/ui/toast';
import { FormAlert, FormTextField } from '@/components/ui/form-fields';
import { isApiRequestError } from '@/lib/api-client';
import { handleFormError } from '@/lib/form';
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
  const form = { register, errors };

  const onSubmit = (values: LoginValues) => {
    setAlert(null);
    loginMutation.mutate(values, {
      onSuccess,
      onError: (e) => {
        if (isApiRequestError(e) && e.status === 401) setAlert(MSG.loginFailed);
        else handleFormError(e, { setError, fields: ['email', 'password'], onRefusal: setAlert, onOther: toast.showError });
      },
    });
  };

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} aria-label={asAdmin ? TEXT.auth.adminLoginForm : TEXT.auth.loginForm}>
      <Stack spacing={2}>
        <FormAlert message={alert} />
        <FormTextField form={form} name="email" id="login-email" label={TEXT.fields.email} type="email" autoComplete="email" />
        <FormTextField form={form} name="password" id="login-password" label={TEXT.fields.password} type="password" autoComplete="current-password" />
        <Button type="submit" variant="contained" size="large" disabled={loginMutation.isPending} fullWidth>
          {TEXT.auth.login}
        </Button>
      </Stack>
    </form>
  );
}
