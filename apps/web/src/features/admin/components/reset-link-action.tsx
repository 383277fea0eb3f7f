import { useState } from 'react';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { MSG, TEXT } from '@sendero/contract';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { useCreateResetLink } from '../api/create-reset-link';

/** 'Generar enlace de recuperación': a link the admin passes on by hand (single use, 1 hour). */
export function ResetLinkAction({ userId }: { userId: string }) {
  const toast = useToast();
  const mutation = useCreateResetLink(userId);
  const [copied, setCopied] = useState(false);
  const url = mutation.data?.url;

  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };

  return (
    <Paper component="section" variant="outlined" aria-labelledby="admin-user-reset" sx={{ p: { xs: 2, md: 3 }, borderRadius: 3 }}>
      <Typography id="admin-user-reset" component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1.5 }}>
        {TEXT.admin.resetTitle}
      </Typography>
      {url ? (
        <Stack spacing={1.5}>
          <Typography color="text.secondary">{TEXT.admin.resetLinkIntro}</Typography>
          <TextField
            label={TEXT.admin.resetLinkLabel}
            value={url}
            slotProps={{ htmlInput: { readOnly: true, onFocus: (e: React.FocusEvent<HTMLInputElement>) => e.target.select() } }}
            fullWidth
          />
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <Button variant="outlined" onClick={() => void copy()}>
              {TEXT.admin.resetLinkCopy}
            </Button>
            <Typography role="status" variant="body2" sx={{ color: 'success.main' }}>
              {copied ? MSG.linkCopied : ''}
            </Typography>
          </Stack>
        </Stack>
      ) : (
        <Button
          variant="outlined"
          disabled={mutation.isPending}
          onClick={() => mutation.mutate(undefined, { onError: (e) => toast.showError(errorMessage(e)) })}
        >
          {TEXT.admin.resetLinkButton}
        </Button>
      )}
    </Paper>
  );
}
