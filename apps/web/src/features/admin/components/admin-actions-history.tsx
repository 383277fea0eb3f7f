import { useId } from 'react';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { ADMIN_ACTION_LABELS, TEXT } from '@sendero/contract';
import { LoadError } from '@/components/ui/load-error';
import { useAdminActions } from '../api/get-admin-actions';
import { formatDateTime } from '../utils/format-date';

interface AdminActionsHistoryProps {
  /** The user or place whose moderation log is shown. */
  targetId: string;
  headingLevel?: 'h2' | 'h3';
}

/** 'Historial de acciones': who did what and when, newest first (GET /api/admin/actions). */
export function AdminActionsHistory({ targetId, headingLevel = 'h2' }: AdminActionsHistoryProps) {
  const { data, error, isPending, refetch } = useAdminActions(targetId);
  const titleId = useId();
  return (
    <Box component="section" aria-labelledby={titleId}>
      <Typography id={titleId} component={headingLevel} variant="h6" sx={{ fontWeight: 700, mb: 1 }}>
        {TEXT.admin.history}
      </Typography>
      {isPending ? (
        <Box aria-busy="true" aria-label={TEXT.admin.historyLoading}>
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} variant="text" sx={{ width: { xs: '100%', sm: '60%' } }} />
          ))}
        </Box>
      ) : error ? (
        <LoadError error={error} onRetry={() => void refetch()} />
      ) : data.length === 0 ? (
        <Typography color="text.secondary">{TEXT.admin.historyEmpty}</Typography>
      ) : (
        <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
          {data.map((entry) => (
            <Box
              component="li"
              key={entry._id}
              sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1, borderLeft: 3, borderColor: 'primary.light', pl: 1.5, py: 0.5 }}
            >
              <Typography component="span" sx={{ overflowWrap: 'anywhere' }}>
                <Box component="strong" sx={{ fontWeight: 700 }}>
                  {entry.admin.name}
                </Box>{' '}
                {ADMIN_ACTION_LABELS[entry.action] ?? entry.action}
              </Typography>
              <Typography component="span" color="text.secondary" aria-hidden sx={{ display: { xs: 'none', sm: 'inline' } }}>
                ·
              </Typography>
              <Typography component="time" dateTime={entry.created_at} color="text.secondary" sx={{ width: { xs: '100%', sm: 'auto' } }}>
                {formatDateTime(entry.created_at)}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}
