import { useDeferredValue, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import StarIcon from '@mui/icons-material/Star';
import { ADMIN_PAGE_SIZE, formatRating, normalize, type Place, TEXT } from '@sendero/contract';
import { LoadError } from '@/components/ui/load-error';
import { useToast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { useDeletePlace } from '../api/delete-place';
import { paginate, useListParams } from '../hooks/use-list-params';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ListToolbar, type FilterOption } from './list-toolbar';
import { tableRoles } from './responsive-table';
import { VerifiedChip } from './status-chip';
import { ListTable, TwoLineCell } from './list-table';

const PLACE_FILTERS = ['verificado', 'no-verificado'] as const;
type PlaceFilter = (typeof PLACE_FILTERS)[number];
const FILTERS: readonly FilterOption<PlaceFilter>[] = [
  { value: '', label: TEXT.admin.all },
  { value: 'verificado', label: TEXT.admin.verified },
  { value: 'no-verificado', label: TEXT.admin.notVerified },
];

/** Unverified first (they wait for a review), then newest first. */
export function sortForReview(places: readonly Place[]): Place[] {
  return [...places].sort((a, b) => {
    if (a.verified !== b.verified) return a.verified ? 1 : -1;
    return b.created_at.localeCompare(a.created_at);
  });
}

interface AdminPlacesListProps {
  titleId: string;
  /** Every place (GET /api/place with an admin's token), loaded by the route. */
  places: readonly Place[] | undefined;
  isPending: boolean;
  error: unknown;
  onRetry: () => void;
}

/**
 * /admin/destinos: Nombre, Estado, Calificación, Opciones ('Revisar', 'Eliminar' with its
 * confirmation), with a filter by state, a search by name and pages of 20.
 */
export function AdminPlacesList({ titleId, places, isPending, error, onRetry }: AdminPlacesListProps) {
  const params = useListParams(PLACE_FILTERS);
  const search = useDeferredValue(params.search);
  const sorted = useMemo(
    () => sortForReview(places ?? []).map((place) => ({ place, key: normalize(`${place.name} ${place.city}`) })),
    [places],
  );
  const matches = useMemo(() => {
    const words = normalize(search).split(/\s+/).filter(Boolean);
    return sorted
      .filter(({ place }) => (params.filter === '' ? true : place.verified === (params.filter === 'verificado')))
      .filter(({ key }) => words.every((w) => key.includes(w)))
      .map(({ place }) => place);
  }, [sorted, search, params.filter]);
  const page = paginate(matches, params.page, ADMIN_PAGE_SIZE);

  // The place stays set while the dialog fades out, so its question does not go blank.
  const [toDelete, setToDelete] = useState<Place | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const askDelete = (place: Place) => {
    setToDelete(place);
    setDialogOpen(true);
  };
  const remove = useDeletePlace();
  const inFlight = useRef(false);
  const { showError, showSuccess } = useToast();

  const confirmDelete = async () => {
    // A second click while the first request runs sends nothing.
    if (!toDelete || inFlight.current) return;
    inFlight.current = true;
    try {
      await remove.mutateAsync(toDelete._id);
      // Said, not only seen: the row leaving the table is easy to miss (and says nothing to a screen reader).
      showSuccess(TEXT.admin.placeDeleted(toDelete.name));
    } catch (e) {
      showError(errorMessage(e));
    } finally {
      inFlight.current = false;
      setDialogOpen(false);
    }
  };

  return (
    <Box>
      <ListToolbar params={params} options={FILTERS} searchLabel={TEXT.admin.searchPlaces} />
      {error && !places ? (
        <LoadError error={error} onRetry={onRetry} />
      ) : (
        <ListTable
          titleId={titleId}
          isPending={isPending}
          columns={[TEXT.admin.name, TEXT.admin.status, TEXT.admin.rating, TEXT.admin.options]}
          grid="auto auto 1fr"
          emptyText={page.rows.length === 0 ? TEXT.admin.noPlacesMatch : null}
          pagination={{ noun: 'destinos', total: matches.length, page: page.page, pageCount: page.pageCount, onPageChange: params.setPage, label: TEXT.admin.placePages }}
        >
          {page.rows.map((place) => (
            <TableRow key={place._id} hover {...tableRoles.row}>
              <TwoLineCell primary={place.name} secondary={place.city} />
              <TableCell {...tableRoles.cell}>
                <VerifiedChip verified={place.verified} />
              </TableCell>
              <TableCell {...tableRoles.cell}>
                {place.comments === 0 ? (
                  <Box component="span" sx={{ color: 'text.secondary' }}>
                    {TEXT.card.noReviews}
                  </Box>
                ) : (
                  <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, whiteSpace: 'nowrap' }}>
                    <StarIcon fontSize="small" sx={{ color: '#b25e00' }} aria-hidden />
                    {formatRating(place.rating)}
                  </Box>
                )}
              </TableCell>
              <TableCell align="right" {...tableRoles.cell}>
                <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', alignItems: 'center' }}>
                  <Button component={Link} to={paths.adminPlace(place._id)} variant="outlined" size="small">
                    {TEXT.admin.review}
                  </Button>
                  <Button variant="outlined" color="error" size="small" onClick={() => askDelete(place)}>
                    {TEXT.admin.delete}
                  </Button>
                </Stack>
              </TableCell>
            </TableRow>
          ))}
        </ListTable>
      )}
      <ConfirmDialog
        open={dialogOpen}
        question={toDelete ? TEXT.admin.deletePlaceQuestion(toDelete.name) : ''}
        confirmLabel={TEXT.admin.delete}
        confirmColor="error"
        pending={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDialogOpen(false)}
      />
    </Box>
  );
}
