import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import Bookmark from '@mui/icons-material/Bookmark';
import BookmarkBorder from '@mui/icons-material/BookmarkBorder';
import CloudDone from '@mui/icons-material/CloudDoneOutlined';
import { MSG, type Place, type PlaceIndexEntry, TEXT } from '@sendero/contract';
import { useOnlineStatus } from '@/lib/online-status';
import { useSaved, useSavedOffline } from '../api/get-saved';
import { useToggleSaved } from '../api/toggle-saved';

interface SaveButtonProps {
  place: Place | PlaceIndexEntry;
  userId: string;
}

/**
 * 'Guardar destino' (docs/product.md#saved): a bookmark toggle with the word 'Guardar' beside its icon (an
 * icon alone was not understood on a phone) and aria-pressed, and 'Disponible sin
 * conexión' once the destination is stored on the device. Offline it is disabled and says why.
 */
export function SaveButton({ place, userId }: SaveButtonProps) {
  const online = useOnlineStatus();
  const saved = useSaved(userId);
  const toggle = useToggleSaved(userId);
  const isSaved = Boolean(saved.data?.some((p) => p._id === place._id));
  const downloading = isSaved && toggle.isPending && toggle.variables?.save === true;

  const button = (
    <Button
      aria-label={TEXT.saved.save}
      aria-pressed={isSaved}
      aria-describedby={online ? undefined : `save-offline-${place._id}`}
      color="primary"
      size="small"
      startIcon={isSaved ? <Bookmark /> : <BookmarkBorder />}
      disabled={!online || saved.isPending}
      onClick={() => toggle.mutate({ place, save: !isSaved })}
      sx={{ minHeight: 40 }}
    >
      {TEXT.saved.saveWord}
    </Button>
  );

  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, minHeight: 40 }}>
      {/*
        Offline, a tooltip says why the button is disabled. Online the button says it itself: no tooltip,
        whose element it measures on mount was an update inside the commit that makes a rendered detail
        live, running all of that commit's effects in the same long task (src/boot/README.md).
      */}
      {online ? (
        button
      ) : (
        <Tooltip title={MSG.offline}>
          {/* A disabled button gets no pointer events: the span keeps the tooltip. */}
          <span>{button}</span>
        </Tooltip>
      )}
      {!online && (
        <Box component="span" id={`save-offline-${place._id}`} sx={{ display: 'none' }}>
          {MSG.offline}
        </Box>
      )}
      {isSaved && <OfflineNote userId={userId} placeId={place._id} downloading={downloading} />}
    </Box>
  );
}

/**
 * 'Disponible sin conexión' of a saved destination. Its own component, so the device-storage query
 * exists only for saved destinations, not for every card a search shows (docs/product.md#catalogue).
 */
function OfflineNote({ userId, placeId, downloading }: { userId: string; placeId: string; downloading: boolean }) {
  const offline = useSavedOffline(userId, placeId, true);
  if (!downloading && !offline.data) return null;
  return (
    <Typography component="span" variant="body2" color="text.secondary" role="status" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
      {offline.data && !downloading && <CloudDone fontSize="small" aria-hidden="true" />}
      {downloading ? TEXT.saved.savingOffline : TEXT.saved.availableOffline}
    </Typography>
  );
}
