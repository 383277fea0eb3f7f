import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ForgotForm as ForgotValues, ForgotFormSchema, TEXT } from '@sendero/contract';
import { useToast } from '@/components/ui/toast';
import { FormAlert, FormTextField } from '@/components/ui/form-fields';
import { handleFormError } from '@/lib/form';
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
  const form = { register, errors };

  const onSubmit = (values: ForgotValues) => {
    setAlert(null);
    mutation.mutate(values, {
      onSuccess: () => setSent(true),
      onError: (e) => handleFormError(e, { setError, fields: ['email'], onRefusal: setAlert, onOther: toast.showError }),
    });
  };

  if (sent) {
    return (
      <Alert severity="success" role="status">
        {TEXT.password.forgotSent}
      </Alert>
    );
  }

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} aria-label={TEXT.password.forgotTitle}>
      <Stack spacing={2}>
        <Typography color="text.secondary">{TEXT.password.forgotIntro}</Typography>
        <FormAlert message={alert} />
        <FormTextField form={form} name="email" id="forgot-email" label={TEXT.fields.email} type="email" autoComplete="email" />
        <Button type="submit" variant="contained" size="large" disabled={mutation.isPending} fullWidth>
          {TEXT.password.forgotSubmit}
        </Button>
      </Stack>
    </form>
  );
}
