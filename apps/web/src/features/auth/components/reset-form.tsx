import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { MSG, type PasswordResetForm as ResetValues, PasswordResetFormSchema, TEXT } from '@sendero/contract';
import { useToast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { isApiRequestError } from '@/lib/api-client';
import { FormTextField } from '@/components/ui/form-fields';
import { handleFormError } from '@/lib/form';
import { useResetPassword } from '../api/password';
import { AuthForm } from './auth-form';
import { AuthLink } from './auth-link';

/**
 * /restablecer?token=…: the new password twice; an expired or used link says so and offers a new one.
 * 'Volver a Iniciar Sesión' is under the form and the expired-link answer; once the password is saved the
 * one way on is 'Ingresar' (two buttons to /ingresar would be one too many).
 */
export function ResetForm({ token }: { token: string }) {
  const toast = useToast();
  const mutation = useResetPassword();
  const [done, setDone] = useState(false);
  const [invalidLink, setInvalidLink] = useState(token === '');
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ResetValues>({ resolver: zodResolver(PasswordResetFormSchema), defaultValues: { password: '', confirm: '' } });
  const form = { register, errors };

  const onSubmit = ({ password }: ResetValues) => {
    mutation.mutate(
      { token, password },
      {
        onSuccess: () => setDone(true),
        onError: (e) => {
          if (isApiRequestError(e) && e.status === 400 && e.fields?.token) setInvalidLink(true);
          else handleFormError(e, { setError, fields: ['password'], onOther: toast.showError });
        },
      },
    );
  };

  if (done) {
    return (
      <Stack spacing={2}>
        <Alert severity="success" role="status">
          {TEXT.password.resetDone}
        </Alert>
        <Button component={RouterLink} to={paths.login} variant="contained" size="large" fullWidth>
          {TEXT.auth.login}
        </Button>
      </Stack>
    );
  }
  if (invalidLink) {
    return (
      <Stack spacing={2}>
        <Alert severity="error" role="alert">
          {MSG.resetInvalid}
        </Alert>
        <Button component={RouterLink} to={paths.forgotPassword} variant="contained" size="large" fullWidth>
          {TEXT.password.resetAskAgain}
        </Button>
        <AuthLink to={paths.login}>{TEXT.auth.backToLogin}</AuthLink>
      </Stack>
    );
  }

  return (
    <>
      <AuthForm label={TEXT.password.resetTitle} onSubmit={handleSubmit(onSubmit)} submitLabel={TEXT.password.resetSubmit} pending={mutation.isPending}>
        <FormTextField form={form} name="password" id="reset-password" label={TEXT.fields.password} type="password" autoComplete="new-password" />
        <FormTextField form={form} name="confirm" id="reset-confirm" label={TEXT.fields.confirm} type="password" autoComplete="new-password" />
      </AuthForm>
      <AuthLink to={paths.login}>{TEXT.auth.backToLogin}</AuthLink>
    </>
  );
}
