import { useRef, useState } from 'react';
import { Link } from 'react-router';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { type AdminTransition, isTransitionAllowed, shortName, type User, TEXT } from '@sendero/contract';
import { useToast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { useUserTransition } from '../api/update-user-status';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';

interface TransitionCopy {
  button: string;
  question: (name: string) => string;
  detail: string;
  confirm: string;
  color: 'primary' | 'error';
}

const COPY: Record<AdminTransition, TransitionCopy> = {
  approve: {
    button: TEXT.admin.approve,
    question: TEXT.admin.approveQuestion,
    detail: TEXT.admin.approveDetail,
    confirm: TEXT.admin.approve,
    color: 'primary',
  },
  reject: {
    button: TEXT.admin.reject,
    question: TEXT.admin.rejectQuestion,
    detail: TEXT.admin.rejectDetail,
    confirm: TEXT.admin.reject,
    color: 'error',
  },
  blockGuide: {
    button: TEXT.admin.blockGuide,
    question: TEXT.admin.blockGuideQuestion,
    detail: TEXT.admin.blockGuideDetail,
    confirm: TEXT.admin.block,
    color: 'error',
  },
};

const ORDER: readonly AdminTransition[] = ['approve', 'reject', 'blockGuide'];

/**
 * Aprobar / Rechazar / 'Bloquear Beneficios de Guía' / Volver (docs/product.md#guide-application). Each action asks
 * for confirmation; while its request runs every action is disabled and a second click sends
 * nothing. The answer replaces the cached user, so the new status shows at once.
 */
export function GuideActions({ user }: { user: User }) {
  const mutation = useUserTransition(user._id);
  const { showError } = useToast();
  const [asked, setAsked] = useState<AdminTransition>('approve');
  const [open, setOpen] = useState(false);
  const inFlight = useRef(false);
  const name = shortName(user.firstname, user.lastname);

  const ask = (transition: AdminTransition) => {
    setAsked(transition);
    setOpen(true);
  };

  const confirm = async () => {
    if (inFlight.current) return;
    inFlight.current = true;
    try {
      await mutation.mutateAsync(asked);
    } catch (e) {
      showError(errorMessage(e));
    } finally {
      inFlight.current = false;
      setOpen(false);
    }
  };

  const copy = COPY[asked];
  return (
    <>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {ORDER.map((t) => (
          <Button
            key={t}
            variant={t === 'approve' ? 'contained' : 'outlined'}
            color={COPY[t].color}
            disabled={mutation.isPending || user.role === 'admin' || !isTransitionAllowed(t, user.status)}
            onClick={() => ask(t)}
          >
            {COPY[t].button}
          </Button>
        ))}
        <Button component={Link} to={paths.adminUsers} variant="text">
          {TEXT.actions.back}
        </Button>
      </Stack>
      <ConfirmDialog
        open={open}
        question={copy.question(name)}
        detail={copy.detail}
        confirmLabel={copy.confirm}
        confirmColor={copy.color}
        pending={mutation.isPending}
        onConfirm={() => void confirm()}
        onCancel={() => setOpen(false)}
      />
    </>
  );
}
