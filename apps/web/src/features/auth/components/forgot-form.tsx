import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ForgotFormSchema, MSG, type ForgotForm as ForgotValues } from '@sendero/contract';
import { useToast } from '@/components/ui/toast';
import { errorMessage, isApiRequestError } from '@/lib/api-client';
import { applyServerFieldErrors, fieldProps } from '@/lib/form';
import { useForgotPassword } from '../api/password';

/** /recuperar: the e-mail of the account; the answer is the same whether or not it exists. */
export function ForgotForm() {
  const toast = useToast();
  const mutation = useForgotPassword();
  const [sent, setSent] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ForgotValues>({ resolver: zodResolver(ForgotFormSchema), defaultValues: { email: '' } });

  const onSubmit = (values: ForgotValues) => {
    setAlert(null);
    mutation.mutate(values, {
      onSuccess: () => setSent(true),
      onError: (e) => {
        if (isApiRequestError(e) && e.status >= 400 && e.status < 500) {
          if (!applyServerFieldErrors(e.fields, ['email'], setError)) setAlert(e.message);
        } else toast.showError(errorMessage(e));
      },
    });
  };

  if (sent) {
    return (
      <Alert severity="success" role="status">
        {MSG.forgotSent}
      </Alert>
    );
  }

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} aria-label={MSG.forgotTitle}>
      <Stack spacing={2}>
        <Typography color="text.secondary">{MSG.forgotIntro}</Typography>
        {alert && (
          <Alert severity="error" role="alert">
            {alert}
          </Alert>
        )}
        <TextField {...fieldProps(register, errors, 'email')} id="forgot-email" label="Correo" placeholder="Correo" type="email" autoComplete="email" fullWidth />
        <Button type="submit" variant="contained" size="large" disabled={mutation.isPending} fullWidth>
          {MSG.forgotSubmit}
        </Button>
      </Stack>
    </form>
  );
}
