import { MSG, type LoginForm as LoginValues, type LoginResponse, TEXT } from '@sendero/contract';
import { FormAlert, FormTextField } from '@/components/ui/form-fields';
import { useLogin } from '../api/login';
import { lazyResolver, useAuthForm } from './use-auth-form';
import { AuthForm, LABEL_ON_BORDER } from './auth-form';

const validation = lazyResolver<LoginValues>(() => import('./auth-schemas').then((m) => m.zodResolver(m.LoginFormSchema)));

interface LoginFormProps {
  /** The admin form posts to /api/admin/login. */
  asAdmin?: boolean;
  onSuccess: (session: LoginResponse) => void;
}

/** Email + password with the messages of docs/product.md#validation and the failure alert of docs/product.md#errors. */
export function LoginForm({ asAdmin = false, onSuccess }: LoginFormProps) {
  const loginMutation = useLogin({ asAdmin });
  const { form, handleSubmit, alert, clearAlert, onError } = useAuthForm<LoginValues>(validation.resolver, [
    'email',
    'password',
  ]);

  const onSubmit = (values: LoginValues) => {
    clearAlert();
    loginMutation.mutate(values, { onSuccess, onError: (e) => onError(e, { 401: MSG.loginFailed }) });
  };

  return (
    <AuthForm label={asAdmin ? TEXT.auth.adminLoginForm : TEXT.auth.loginForm} onFocus={validation.preload} onSubmit={handleSubmit(onSubmit)} submitLabel={TEXT.auth.login} pending={loginMutation.isPending}>
      <FormAlert message={alert} />
      <FormTextField form={form} name="email" id="login-email" slotProps={LABEL_ON_BORDER} label={TEXT.fields.email} type="email" autoComplete="email" />
      <FormTextField form={form} name="password" id="login-password" slotProps={LABEL_ON_BORDER} label={TEXT.fields.password} type="password" autoComplete="current-password" />
    </AuthForm>
  );
}
