import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import {
  ACCESS_LABELS,
  altitudeText,
  closedMonthsText,
  factsCheckedText,
  feeText,
  hasAnyFact,
  quotaText,
  TEXT,
  type Place,
} from '@sendero/contract';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { useConfirmFacts } from '../api/confirm-facts';

type AccessPlace = Pick<Place, '_id' | 'altitude_m' | 'fee_pen' | 'access' | 'daily_quota' | 'closed_months' | 'facts_source' | 'facts_checked_on'>;

/**
 * 'Acceso' on the detail (docs/product.md#access-facts): only what a source stated, each fact in words,
 * the source and how fresh they are. Nothing at all when no fact is known; admins may 'Confirmar datos'.
 */
export function AccessBlock({ place, admin = false }: { place: AccessPlace; admin?: boolean }) {
  if (!hasAnyFact(place)) return null;
  const lines = [
    place.altitude_m !== null ? altitudeText(place.altitude_m) : null,
    feeText(place.fee_pen),
    place.access !== null ? ACCESS_LABELS[place.access] : null,
    place.daily_quota !== null ? quotaText(place.daily_quota) : null,
    closedMonthsText(place.closed_months),
  ].filter((line): line is string => line !== null);
  return (
    <Box component="section" aria-labelledby="place-access" sx={{ p: 2, border: 1, borderColor: 'divider', borderRadius: 2 }}>
      <Typography id="place-access" component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1 }}>
        {TEXT.access.title}
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {lines.map((line) => (
          <li key={line}>
            <Typography>{line}</Typography>
          </li>
        ))}
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mt: 1.5 }}>
        {place.facts_source && (
          <Link href={place.facts_source} target="_blank" rel="noopener noreferrer nofollow">
            {TEXT.access.source}
          </Link>
        )}
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {factsCheckedText(place.facts_checked_on)}
        </Typography>
        {admin && <ConfirmFactsButton placeId={place._id} />}
      </Box>
    </Box>
  );
}

function ConfirmFactsButton({ placeId }: { placeId: string }) {
  const confirm = useConfirmFacts(placeId);
  const { showError, showSuccess } = useToast();
  return (
    <Button
      variant="outlined"
      size="small"
      disabled={confirm.isPending}
      onClick={() =>
        confirm.mutate(undefined, {
          onSuccess: () => showSuccess(TEXT.access.confirmed),
          onError: (e) => showError(errorMessage(e)),
        })
      }
    >
      {TEXT.access.confirm}
    </Button>
  );
}
