import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckCircle from '@mui/icons-material/CheckCircle';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { type Caller, canJoinOuting, canManageOuting, formatOutingDate, formatSpotsLeft, MSG, type Outing, TEXT } from '@sendero/contract';
import { paths } from '@/config/paths';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useToast } from '@/components/ui/toast';
import { errorMessage, isApiRequestError } from '@/lib/api-client';
import { imageVariant } from '@/lib/images';
import { useOnlineStatus } from '@/lib/online-status';
import { useUpdateOuting, type OutingAction } from '../api/update-outing';

export type OutingState = 'cancelada' | 'started' | 'full' | 'open';

/** What an outing's badge says (docs/product.md#outings). */
export function outingState(outing: Outing, now = Date.now()): OutingState {
  if (outing.status === 'cancelada') return 'cancelada';
  if (Date.parse(outing.starts_at) <= now) return 'started';
  if (outing.taken >= outing.spots) return 'full';
  return 'open';
}

/** Badge colours with text dark enough on their background (axe: 4.5:1). */
const BADGE: Record<OutingState, { color: string; bgcolor: string; borderColor: string }> = {
  cancelada: { color: '#a31515', bgcolor: '#fdecea', borderColor: '#f5c2c0' },
  started: { color: 'text.secondary', bgcolor: 'grey.100', borderColor: 'grey.300' },
  full: { color: '#7a4100', bgcolor: '#fff4e5', borderColor: '#ffd59e' },
  open: { color: '#1b5e20', bgcolor: '#edf7ed', borderColor: '#b7dfb9' },
};

function badgeLabel(state: OutingState, outing: Outing): string {
  switch (state) {
    case 'cancelada':
      return TEXT.outings.cancelled;
    case 'started':
      return TEXT.outings.done;
    case 'full':
      return TEXT.outings.full;
    case 'open':
      return formatSpotsLeft(outing.spots - outing.taken);
  }
}

interface OutingCardProps {
  outing: Outing;
  /** The role the server confirmed; null while unknown (no role-specific control is shown). */
  viewer: Caller | null;
  /** On /mis-salidas: the place's name, linking to its detail. */
  showPlace?: boolean;
}

/**
 * One outing: its date in Lima time, 'Punto de encuentro', its guide, the spots left, and what the
 * viewer may do: 'Inscribirme' / 'Cancelar inscripción' (after a confirmation) for hikers; 'Personas inscritas (N)' and 'Cancelar
 * salida' (with a confirmation) for its guide and admins. The server checks every rule again.
 */
export function OutingCard({ outing, viewer, showPlace = false }: OutingCardProps) {
  const update = useUpdateOuting();
  const { showError } = useToast();
  const online = useOnlineStatus();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [confirmLeave, setConfirmLeave] = useState(false);
  const [showPeople, setShowPeople] = useState(false);
  const ids = { title: useId(), offline: useId(), people: useId() };

  const state = outingState(outing);
  const when = formatOutingDate(outing.starts_at);
  const upcoming = state !== 'cancelada' && state !== 'started';
  const mayJoin = canJoinOuting(outing, viewer);
  const manages = canManageOuting(outing, viewer);
  const participants = outing.participants ?? [];
  const busy = update.isPending;

  const run = async (action: OutingAction) => {
    setRefusal(null);
    try {
      await update.mutateAsync({ action, id: outing._id });
      if (action === 'cancel') setConfirmCancel(false);
      if (action === 'leave') setConfirmLeave(false);
    } catch (e) {
      if (action === 'cancel') setConfirmCancel(false);
      if (action === 'leave') setConfirmLeave(false);
      // A refusal ('Esta salida ya no tiene cupos.') belongs to this outing; no network or a server
      // failure is the error toast of docs/product.md#web-rules.
      if (isApiRequestError(e) && e.status >= 400 && e.status < 500) setRefusal(e.message);
      else showError(errorMessage(e));
    }
  };

  const offlineHint = online ? undefined : ids.offline;
  const guidePhoto = outing.guide_photo ? imageVariant(outing.guide_photo, 400) : undefined;

  return (
    <Paper component="article" variant="outlined" aria-labelledby={ids.title} sx={{ borderRadius: 3, p: 2, height: '100%', display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', justifyContent: 'space-between' }}>
        <Box sx={{ minWidth: 0 }}>
          {showPlace && (
            <Link component={RouterLink} to={paths.placeDetail(outing.id_place)} sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
              {outing.place_name}
            </Link>
          )}
          <Typography id={ids.title} component="h3" sx={{ fontWeight: 700, fontSize: '1.05rem', '&::first-letter': { textTransform: 'uppercase' } }}>
            {when}
          </Typography>
        </Box>
        <Chip label={badgeLabel(state, outing)} size="small" variant="outlined" sx={{ ...BADGE[state], flexShrink: 0, fontWeight: 600 }} />
      </Stack>

      <Box component="dl" sx={{ m: 0, display: 'grid', gap: 0.25 }}>
        <Typography component="dt" variant="body2" sx={{ fontWeight: 700 }}>
          {TEXT.outings.meetingPoint}
        </Typography>
        <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
          {outing.meeting_point}
        </Typography>
      </Box>

      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
        <Avatar src={guidePhoto} alt="" sx={{ width: 36, height: 36, bgcolor: 'primary.main', fontSize: 16 }}>
          {outing.guide_name.charAt(0).toUpperCase()}
        </Avatar>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="caption" color="text.secondary" component="p">
            {TEXT.outings.guide}
          </Typography>
          <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>{outing.guide_name}</Typography>
        </Box>
      </Stack>

      {outing.description && (
        <Typography variant="body2" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
          {outing.description}
        </Typography>
      )}

      {outing.joined && state !== 'cancelada' && (
        <Typography variant="body2" sx={{ display: 'flex', alignItems: 'center', gap: 0.5, color: 'success.dark', fontWeight: 600 }}>
          <CheckCircle fontSize="small" aria-hidden />
          {TEXT.outings.joined}
        </Typography>
      )}

      {refusal && (
        <Alert severity="warning" onClose={() => setRefusal(null)}>
          {refusal}
        </Alert>
      )}

      <Box sx={{ flex: 1 }} />

      {mayJoin && upcoming && (outing.joined || state === 'open') && (
        <Box>
          {outing.joined ? (
            <Button variant="outlined" disabled={busy || !online} aria-describedby={offlineHint} onClick={() => setConfirmLeave(true)}>
              {TEXT.outings.leave}
            </Button>
          ) : (
            <Button variant="contained" disabled={busy || !online} aria-describedby={offlineHint} onClick={() => void run('join')}>
              {TEXT.outings.join}
            </Button>
          )}
        </Box>
      )}

      {manages && (
        <Stack spacing={1}>
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
            <Button
              size="small"
              variant="text"
              aria-expanded={showPeople}
              aria-controls={ids.people}
              endIcon={showPeople ? <ExpandLess /> : <ExpandMore />}
              onClick={() => setShowPeople((v) => !v)}
              sx={{ ml: -1 }}
            >
              {TEXT.outings.people(outing.taken)}
            </Button>
            {upcoming && (
              <Button size="small" variant="outlined" color="error" disabled={busy || !online} aria-describedby={offlineHint} onClick={() => setConfirmCancel(true)}>
                {TEXT.outings.cancel}
              </Button>
            )}
          </Stack>
          <Box id={ids.people} hidden={!showPeople}>
            {participants.length === 0 ? (
              <Typography variant="body2" color="text.secondary">
                {TEXT.outings.nobody}
              </Typography>
            ) : (
              <Box component="ul" aria-label={TEXT.outings.people(outing.taken)} sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
                {participants.map((p) => (
                  <Stack component="li" key={p._id} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                    <Avatar src={p.photo_url ? imageVariant(p.photo_url, 400) : undefined} alt="" sx={{ width: 28, height: 28, fontSize: 14, bgcolor: 'secondary.main' }}>
                      {p.name.charAt(0).toUpperCase()}
                    </Avatar>
                    <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                      {p.name}
                    </Typography>
                  </Stack>
                ))}
              </Box>
            )}
          </Box>
        </Stack>
      )}

      {!online && (mayJoin || manages) && upcoming && (
        <Typography id={ids.offline} variant="body2" color="text.secondary">
          {MSG.offline}
        </Typography>
      )}

      {mayJoin && outing.joined && (
        <ConfirmDialog
          open={confirmLeave}
          question={TEXT.outings.leaveQuestion}
          detail={TEXT.outings.leaveDetail(outing.taken >= outing.spots)}
          confirmLabel={TEXT.outings.leave}
          cancelLabel={TEXT.actions.back}
          confirmColor="error"
          pending={busy}
          onCancel={() => setConfirmLeave(false)}
          onConfirm={() => void run('leave')}
        />
      )}

      {manages && (
        <ConfirmDialog
          open={confirmCancel}
          question={TEXT.outings.cancelQuestion}
          detail={TEXT.outings.cancelDetail(outing.taken)}
          confirmLabel={TEXT.outings.cancel}
          cancelLabel={TEXT.actions.back}
          confirmColor="error"
          pending={busy}
          onCancel={() => setConfirmCancel(false)}
          onConfirm={() => void run('cancel')}
        />
      )}
    </Paper>
  );
}
