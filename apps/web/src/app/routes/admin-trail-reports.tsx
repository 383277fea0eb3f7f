import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  CLOSURE_NOTE_MAX_LENGTH,
  closureBanner,
  closureInForce,
  formatCalendarDate,
  limaDate,
  PlaceClosureRequestSchema,
  TEXT,
  TRAIL_CONDITION_LABELS,
  TRAIL_HAZARD_LABELS,
  type TrailReport,
} from '@sendero/contract';
import { paths } from '@/config/paths';
import { FormDialog } from '@/components/ui/form-dialog';
import { RetryAlert } from '@/components/ui/load-error';
import { useToast } from '@/components/ui/toast';
import { errorMessage, isApiRequestError } from '@/lib/api-client';
import { useSetClosure, useTrailReports } from '@/features/admin/api/trail-reports';

/**
 * /admin/reportes, 'Reportes del sendero' (docs/product.md#trail-conditions): reviews that said the path
 * is Peligroso or Cerrado, newest first, each with 'Cerrar temporalmente' or, while closed, 'Reabrir'.
 */
export default function AdminTrailReportsScreen() {
  const { data, error, isPending, refetch, isFetching } = useTrailReports();
  const [closing, setClosing] = useState<TrailReport['place'] | null>(null);
  const setClosure = useSetClosure();
  const { showError, showSuccess } = useToast();

  const reopen = async (placeId: string) => {
    try {
      await setClosure.mutateAsync({ id: placeId, body: { until: null, note: null } });
      showSuccess(TEXT.conditions.reopened);
    } catch (e) {
      showError(errorMessage(e));
    }
  };

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <Typography id="trail-reports-title" component="h1" variant="h4" sx={{ fontWeight: 700, mb: 3, fontSize: { xs: '1.75rem', md: '2.125rem' } }}>
        {TEXT.conditions.reportsTitle}
      </Typography>
      {isPending ? (
        <Stack spacing={2} aria-label={TEXT.conditions.reportsLoading} aria-busy="true">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} variant="rounded" height={140} />
          ))}
        </Stack>
      ) : error ? (
        <RetryAlert error={error} onRetry={() => void refetch()} retrying={isFetching} />
      ) : data.length === 0 ? (
        <Typography color="text.secondary">{TEXT.conditions.reportsEmpty}</Typography>
      ) : (
        <Stack component="ul" spacing={2} aria-labelledby="trail-reports-title" sx={{ p: 0, m: 0, listStyle: 'none' }}>
          {data.map((report) => (
            <li key={report.review._id}>
              <ReportCard report={report} busy={setClosure.isPending} onClose={() => setClosing(report.place)} onReopen={() => void reopen(report.place._id)} />
            </li>
          ))}
        </Stack>
      )}
      <FormDialog open={closing !== null} onClose={() => setClosing(null)} labelledBy="closure-title">
        {closing && (
          <ClosureForm
            place={closing}
            onCancel={() => setClosing(null)}
            onSubmit={async (body) => {
              await setClosure.mutateAsync({ id: closing._id, body });
              setClosing(null);
              showSuccess(TEXT.conditions.closed);
            }}
          />
        )}
      </FormDialog>
    </Container>
  );
}

function ReportCard({ report, busy, onClose, onReopen }: { report: TrailReport; busy: boolean; onClose: () => void; onReopen: () => void }) {
  const { review, place, author } = report;
  const closed = closureInForce(place.closure, limaDate());
  return (
    <Paper component="article" variant="outlined" aria-label={place.name} sx={{ p: { xs: 2, md: 3 }, borderRadius: 3 }}>
      <Stack spacing={1.25}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
          <Typography component="h2" variant="h6" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
            <Link component={RouterLink} to={paths.adminPlace(place._id)}>
              {place.name}
            </Link>
            <Box component="span" sx={{ color: 'text.secondary', fontWeight: 400 }}>{` · ${place.city}`}</Box>
          </Typography>
          {closed ? (
            <Button variant="outlined" color="primary" disabled={busy} onClick={onReopen}>
              {TEXT.conditions.reopen}
            </Button>
          ) : (
            <Button variant="contained" color="error" disabled={busy} onClick={onClose}>
              {TEXT.conditions.close}
            </Button>
          )}
        </Stack>
        {closed && place.closure && <Alert severity="error">{closureBanner(place.closure.note)}</Alert>}
        <Typography variant="body2" color="text.secondary">
          {review.walked_on ? TEXT.conditions.reportBy(author.name, formatCalendarDate(review.walked_on)) : TEXT.conditions.reportByUndated(author.name)}
        </Typography>
        <Box component="ul" sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, p: 0, m: 0, listStyle: 'none' }}>
          {review.condition && (
            <li>
              <Chip color="error" label={TRAIL_CONDITION_LABELS[review.condition]} />
            </li>
          )}
          {review.hazards.map((h) => (
            <li key={h}>
              <Chip variant="outlined" label={TRAIL_HAZARD_LABELS[h]} />
            </li>
          ))}
        </Box>
        <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{review.comment}</Typography>
      </Stack>
    </Paper>
  );
}

/** 'Cerrar temporalmente': the reason (3-300 characters, shown on the banner) and an optional last day. */
function ClosureForm({ place, onCancel, onSubmit }: { place: TrailReport['place']; onCancel: () => void; onSubmit: (body: { until: string | null; note: string }) => Promise<void> }) {
  const [note, setNote] = useState('');
  const [until, setUntil] = useState('');
  const [errors, setErrors] = useState<{ note?: string; until?: string }>({});
  const [sending, setSending] = useState(false);
  const { showError } = useToast();

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const body = { until: until === '' ? null : until, note };
    const parsed = PlaceClosureRequestSchema.safeParse(body);
    if (!parsed.success) {
      const found: { note?: string; until?: string } = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] === 'until' ? 'until' : 'note';
        found[key] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    setSending(true);
    try {
      await onSubmit({ until: parsed.data.until, note: parsed.data.note ?? '' });
    } catch (e) {
      if (isApiRequestError(e) && e.fields) setErrors({ note: e.fields.note, until: e.fields.until });
      else showError(errorMessage(e));
    } finally {
      setSending(false);
    }
  };

  return (
    <Box component="form" noValidate onSubmit={(e) => void submit(e)}>
      <DialogTitle id="closure-title" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
        {TEXT.conditions.closeTitle(place.name)}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2.5} sx={{ pt: 1 }}>
          <TextField
            id="closure-note"
            label={TEXT.conditions.closeNote}
            value={note}
            onChange={(e) => setNote(e.target.value)}
            multiline
            minRows={2}
            required
            fullWidth
            error={Boolean(errors.note)}
            helperText={errors.note}
            slotProps={{ htmlInput: { maxLength: CLOSURE_NOTE_MAX_LENGTH } }}
          />
          <TextField
            id="closure-until"
            type="date"
            label={TEXT.conditions.closeUntil}
            value={until}
            onChange={(e) => setUntil(e.target.value)}
            fullWidth
            error={Boolean(errors.until)}
            helperText={errors.until}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: limaDate() } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onCancel}>{TEXT.actions.cancel}</Button>
        <Button type="submit" variant="contained" color="error" disabled={sending}>
          {TEXT.conditions.closeConfirm}
        </Button>
      </DialogActions>
    </Box>
  );
}
