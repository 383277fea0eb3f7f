import { MSG, type RegisterForm as RegisterValues, TEXT } from '@sendero/contract';
import { FormAlert, FormTextField } from '@/components/ui/form-fields';
import { useRegister } from '../api/register';
import { lazyResolver, useAuthForm } from './use-auth-form';
import { AuthForm, LABEL_ON_BORDER } from './auth-form';

const validation = lazyResolver<RegisterValues>(() => import('./auth-schemas').then((m) => m.zodResolver(m.RegisterFormSchema)));

const FIELDS = ['email', 'password', 'confirm', 'firstname', 'lastname'] as const;

/** Registration with the messages of docs/product.md#validation and the failure alert of docs/product.md#errors. */
export function RegisterForm({ onSuccess }: { onSuccess: () => void }) {
  const registerMutation = useRegister();
  const { form, handleSubmit, alert, clearAlert, onError } = useAuthForm<RegisterValues>(validation.resolver, FIELDS);

  const onSubmit = ({ confirm: _confirm, ...body }: RegisterValues) => {
    clearAlert();
    registerMutation.mutate(body, { onSuccess, onError: (e) => onError(e, { 409: MSG.emailInUse }) });
  };

  return (
    <AuthForm label={TEXT.auth.registerForm} onFocus={validation.preload} onSubmit={handleSubmit(onSubmit)} submitLabel={TEXT.auth.register} pending={registerMutation.isPending}>
      <FormAlert message={alert} />
      <FormTextField form={form} name="email" id="register-email" slotProps={LABEL_ON_BORDER} label={TEXT.fields.email} type="email" autoComplete="email" />
      <FormTextField form={form} name="password" id="register-password" slotProps={LABEL_ON_BORDER} label={TEXT.fields.password} type="password" autoComplete="new-password" />
      <FormTextField form={form} name="confirm" id="register-confirm" slotProps={LABEL_ON_BORDER} label={TEXT.fields.confirm} type="password" autoComplete="new-password" />
      <FormTextField form={form} name="firstname" id="register-firstname" slotProps={LABEL_ON_BORDER} label={TEXT.fields.firstname} autoComplete="given-name" />
      <FormTextField form={form} name="lastname" id="register-lastname" slotProps={LABEL_ON_BORDER} label={TEXT.fields.lastname} autoComplete="family-name" />
    </AuthForm>
  );
}
