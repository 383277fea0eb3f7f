import { useRef } from 'react';
import { Link } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Place } from '@sendero/contract';
import { useToast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { useToggleVerified } from '../api/verify-place';
import { AdminActionsHistory } from './admin-actions-history';
import { TEXT } from '@sendero/contract';

/** docs/product.md#destination-detail: the sentence and the toggle's label follow `verified`. */
export function visibilityCopy(verified: boolean): { sentence: string; toggle: string } {
  return verified
    ? { sentence: TEXT.admin.visible, toggle: TEXT.admin.hideToggle }
    : { sentence: TEXT.admin.hidden, toggle: TEXT.admin.showToggle };
}

/**
 * 'Acciones de Administrador' under the destination detail: whether users see the place, the
 * toggle (its answer replaces the current place), 'Volver' and the moderation log of the place.
 */
export function PlaceAdminSection({ place }: { place: Place }) {
  const toggle = useToggleVerified(place._id);
  const { showError } = useToast();
  const inFlight = useRef(false);
  const copy = visibilityCopy(place.verified);

  const onToggle = async () => {
    // A double click sends one request: the second finds the first still running.
    if (inFlight.current) return;
    inFlight.current = true;
    try {
      await toggle.mutateAsync();
    } catch (e) {
      showError(errorMessage(e));
    } finally {
      inFlight.current = false;
    }
  };

  return (
    <Paper component="section" variant="outlined" aria-labelledby="admin-actions-title" sx={{ p: { xs: 2, md: 3 }, borderRadius: 3 }}>
      <Typography id="admin-actions-title" component="h2" variant="h5" sx={{ fontWeight: 700, mb: 2 }}>
        {TEXT.admin.placeActions}
      </Typography>
      <Alert severity={place.verified ? 'success' : 'warning'} role="status" sx={{ mb: 2 }}>
        {copy.sentence}
      </Alert>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap', mb: 3 }}>
        <Button variant="contained" color={place.verified ? 'error' : 'primary'} disabled={toggle.isPending} onClick={() => void onToggle()}>
          {copy.toggle}
        </Button>
        <Button component={Link} to={paths.adminPlaces} variant="outlined">
          {TEXT.actions.back}
        </Button>
      </Stack>
      <AdminActionsHistory targetId={place._id} headingLevel="h3" />
    </Paper>
  );
}
