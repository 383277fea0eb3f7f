import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { MSG, type LoginForm as LoginValues, type LoginResponse, TEXT } from '@sendero/contract';
import { FormAlert, FormTextField } from '@/components/ui/form-fields';
import { useLogin } from '../api/login';
import { lazyResolver, useAuthForm } from './use-auth-form';

const validation = lazyResolver<LoginValues>(() => import('./auth-schemas').then((m) => m.zodResolver(m.LoginFormSchema)));

interface LoginFormProps {
  /** The admin form posts to /api/admin/login. */
  asAdmin?: boolean;
  onSuccess: (session: LoginResponse) => void;
}

/** Email + password with the messages of docs/product.md#validation and the failure alert of docs/product.md#errors. */
export function LoginForm({ asAdmin = false, onSuccess }: LoginFormProps) {
  const loginMutation = useLogin({ asAdmin });
  const { form, handleSubmit, alert, clearAlert, onError } = useAuthForm<LoginValues>(validation.resolver, { email: '', password: '' }, [
    'email',
    'password',
  ]);

  const onSubmit = (values: LoginValues) => {
    clearAlert();
    loginMutation.mutate(values, { onSuccess, onError: (e) => onError(e, { 401: MSG.loginFailed }) });
  };

  return (
    <form noValidate onFocus={validation.preload} onSubmit={handleSubmit(onSubmit)} aria-label={asAdmin ? TEXT.auth.adminLoginForm : TEXT.auth.loginForm}>
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
