import { useState } from 'react';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { MSG, TEXT, type User } from '@sendero/contract';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { useUpdateUser } from '../api/update-user';

/** 'Recibir correos' on /perfil: notification mails on or off (the reset mail always goes). */
export function EmailPreferences({ user }: { user: User }) {
  const toast = useToast();
  const mutation = useUpdateUser(user._id);
  const [saved, setSaved] = useState(false);
  // Shown at once; the server's answer (or a failure) settles it.
  const checked = mutation.isPending ? Boolean(mutation.variables?.email_notifications) : user.email_notifications;

  const onChange = (next: boolean) => {
    setSaved(false);
    mutation.mutate(
      { email_notifications: next },
      { onSuccess: () => setSaved(true), onError: (e) => toast.showError(errorMessage(e)) },
    );
  };

  return (
    <Paper component="section" variant="outlined" aria-labelledby="email-preferences-title" sx={{ p: { xs: 2, sm: 4 }, borderRadius: 3, mt: 3 }}>
      <Typography id="email-preferences-title" component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1 }}>
        {TEXT.profile.emails}
      </Typography>
      <FormControlLabel
        control={<Switch checked={checked} onChange={(_e, next) => onChange(next)} disabled={mutation.isPending} />}
        label={TEXT.profile.emailsLabel}
      />
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {TEXT.profile.emailsHelp}
      </Typography>
      <Typography role="status" variant="body2" sx={{ mt: 1, color: 'success.main', minHeight: '1.5em' }}>
        {saved ? MSG.emailNotificationsSaved : ''}
      </Typography>
    </Paper>
  );
}
