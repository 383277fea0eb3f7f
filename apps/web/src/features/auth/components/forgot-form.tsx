import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { type ForgotForm as ForgotValues, TEXT } from '@sendero/contract';
import { FormAlert, FormTextField } from '@/components/ui/form-fields';
import { useForgotPassword } from '../api/password';
import { lazyResolver, useAuthForm } from './use-auth-form';
import { AuthForm } from './auth-form';

const validation = lazyResolver<ForgotValues>(() => import('./auth-schemas').then((m) => m.zodResolver(m.ForgotFormSchema)));

/** /recuperar: the e-mail of the account; the answer is the same whether or not it exists. */
export function ForgotForm() {
  const mutation = useForgotPassword();
  const [sent, setSent] = useState(false);
  const { form, handleSubmit, alert, clearAlert, onError } = useAuthForm<ForgotValues>(validation.resolver, ['email']);

  const onSubmit = (values: ForgotValues) => {
    clearAlert();
    mutation.mutate(values, { onSuccess: () => setSent(true), onError: (e) => onError(e) });
  };

  if (sent) {
    return (
      <Alert severity="success" role="status">
        {TEXT.password.forgotSent}
      </Alert>
    );
  }

  return (
    <AuthForm label={TEXT.password.forgotTitle} onFocus={validation.preload} onSubmit={handleSubmit(onSubmit)} submitLabel={TEXT.password.forgotSubmit} pending={mutation.isPending}>
      <Typography color="text.secondary">{TEXT.password.forgotIntro}</Typography>
      <FormAlert message={alert} />
      <FormTextField form={form} name="email" id="forgot-email" label={TEXT.fields.email} type="email" autoComplete="email" />
    </AuthForm>
  );
}
