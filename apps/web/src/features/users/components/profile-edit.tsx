import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { MSG, ProfilePasswordFormSchema, type ProfilePasswordForm, TEXT } from '@sendero/contract';
import { ImageUpload } from '@/components/upload';
import { useToast } from '@/components/ui/toast';
import { handleFormError } from '@/lib/form';
import { FormTextField } from '@/components/ui/form-fields';
import { useUpdatePassword, useUpdateUser } from '../api/update-user';
import type { ProfileData } from './profile-types';

interface ProfileEditProps {
  profile: ProfileData;
  onDone: () => void;
}

/**
 * docs/product.md#profile edit mode. Both password fields empty: only the photo is saved (update2).
 * A password: update1 with the password and the photo, which returns a fresh token (kept in the
 * session by the mutation). 'Guardar' stays disabled while the two fields differ.
 */
export function ProfileEdit({ profile, onDone }: ProfileEditProps) {
  const toast = useToast();
  const [photo, setPhoto] = useState(profile.photo_url);
  const [uploading, setUploading] = useState(false);
  const updatePassword = useUpdatePassword(profile._id);
  const updateUser = useUpdateUser(profile._id);
  const {
    register,
    handleSubmit,
    control,
    setError,
    formState: { errors },
  } = useForm<ProfilePasswordForm>({
    resolver: zodResolver(ProfilePasswordFormSchema),
    mode: 'onTouched',
    defaultValues: { password: '', confirm: '' },
  });
  const [password, confirm] = useWatch({ control, name: ['password', 'confirm'] });
  const mismatch = password !== confirm;
  const saving = updatePassword.isPending || updateUser.isPending;

  // A saved profile says so ('Tu perfil se actualizó.') as the form closes (docs/product.md#profile).
  const onSaved = () => {
    toast.showSuccess(TEXT.profile.updated);
    onDone();
  };
  const onError = (e: unknown) => handleFormError(e, { setError, fields: ['password'], onOther: toast.showError });

  const onSubmit = (values: ProfilePasswordForm) => {
    if (values.password !== values.confirm) return;
    if (values.password === '') {
      if (photo === profile.photo_url) {
        onDone();
        return;
      }
      updateUser.mutate({ photo_url: photo }, { onSuccess: onSaved, onError });
      return;
    }
    updatePassword.mutate({ password: values.password, photo_url: photo }, { onSuccess: onSaved, onError });
  };

  const form = { register, errors };
  // 'Guardar' is disabled while the two differ, so the mismatch is said live, as soon as the
  // confirmation has been typed, rather than on submit.
  const confirmMessage = confirm !== '' && mismatch ? MSG.profileConfirmMismatch : undefined;

  return (
    <Box component="form" noValidate onSubmit={handleSubmit(onSubmit)} aria-label={TEXT.profile.editForm}>
      <Box sx={{ display: 'flex', flexDirection: { xs: 'column', md: 'row' }, gap: 4, alignItems: { xs: 'stretch', md: 'flex-start' } }}>
        <Box sx={{ minWidth: 220 }}>
          <ImageUpload preset="user" value={photo} onChange={setPhoto} onBusyChange={setUploading} alt={TEXT.profile.photo} />
        </Box>
        <Box sx={{ flex: 1, display: 'grid', gap: 2, maxWidth: 480 }}>
          <FormTextField form={form} name="password" id="profile-password" label={TEXT.fields.password} type="password" autoComplete="new-password" />
          <FormTextField
            form={form}
            name="confirm"
            id="profile-confirm"
            label={TEXT.fields.confirm}
            type="password"
            autoComplete="new-password"
            error={Boolean(confirmMessage)}
            helperText={confirmMessage}
          />
          <Box sx={{ display: 'flex', gap: 2, justifyContent: 'flex-end', mt: 1 }}>
            <Button variant="outlined" onClick={onDone} disabled={saving}>
              {TEXT.actions.cancel}
            </Button>
            <Button type="submit" variant="contained" disabled={mismatch || saving || uploading}>
              {TEXT.profile.save}
            </Button>
          </Box>
        </Box>
      </Box>
    </Box>
  );
}
