import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { GuideApplicationSchema, type GuideApplication, TEXT } from '@sendero/contract';
import { useToast } from '@/components/ui/toast';
import { fieldProps, handleFormError } from '@/lib/form';
import { useSubmitApplication } from '../api/submit-application';

const FIELDS = ['instagram', 'facebook', 'linkedin', 'other1', 'other2', 'other3', 'about_you'] as const;
type GuideValues = GuideApplication;

interface GuideFormProps {
  userId: string;
  /** Values of an earlier application, when sending a new one. */
  initial?: Partial<GuideValues> | undefined;
  onSent: () => void;
}

/** Instagram, Facebook, LinkedIn and 'Acerca de ti' required; three optional 'Otro' (docs/product.md#guide-application). */
export function GuideForm({ userId, initial, onSent }: GuideFormProps) {
  const toast = useToast();
  const submit = useSubmitApplication(userId);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<GuideValues>({
    resolver: zodResolver(GuideApplicationSchema),
    defaultValues: { instagram: '', facebook: '', linkedin: '', other1: '', other2: '', other3: '', about_you: '', ...initial },
  });

  const onSubmit = (values: GuideValues) => {
    submit.mutate(values, {
      onSuccess: onSent,
      onError: (e) => handleFormError(e, { setError, fields: FIELDS, onOther: toast.showError }),
    });
  };

  const field = (name: (typeof FIELDS)[number], label: string, required: boolean) => (
    <TextField {...fieldProps(register, errors, name)} id={`guide-${name}`} label={label} required={required} fullWidth />
  );

  return (
    <Box component="form" noValidate onSubmit={handleSubmit(onSubmit)} aria-label={TEXT.guide.form} sx={{ display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr 1fr' } }}>
        {field('instagram', TEXT.fields.instagram, true)}
        {field('facebook', TEXT.fields.facebook, true)}
        {field('linkedin', TEXT.fields.linkedin, true)}
        {field('other1', TEXT.fields.other, false)}
        {field('other2', TEXT.fields.other, false)}
        {field('other3', TEXT.fields.other, false)}
      </Box>
      <TextField
        {...fieldProps(register, errors, 'about_you')}
        id="guide-about_you"
        label={TEXT.fields.aboutYou}
        placeholder={TEXT.fields.aboutYouPlaceholder}
        required
        multiline
        minRows={4}
        maxRows={10}
        fullWidth
      />
      <Box>
        <Button type="submit" variant="contained" size="large" disabled={submit.isPending}>
          {TEXT.guide.send}
        </Button>
      </Box>
    </Box>
  );
}
