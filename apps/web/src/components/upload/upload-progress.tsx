import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { TEXT } from '@sendero/contract';

/**
 * The progress bar of an upload in flight (docs/product.md#images). `queued`: the server asked to come
 * back later and the photo waits to be sent again by itself ('En cola…'). `onCancel` adds 'Cancelar'.
 */
export function UploadProgress({
  value,
  label = TEXT.upload.uploading,
  queued = false,
  onCancel,
}: {
  value: number;
  label?: string;
  queued?: boolean;
  onCancel?: () => void;
}) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, width: '100%' }}>
      {queued ? (
        <LinearProgress variant="indeterminate" color="inherit" aria-label={TEXT.upload.queued} sx={{ flex: 1, height: 8, borderRadius: 4, color: 'text.secondary' }} />
      ) : (
        <LinearProgress variant="determinate" value={value} aria-label={label} sx={{ flex: 1, height: 8, borderRadius: 4 }} />
      )}
      <Typography variant="body2" color="text.secondary" role={queued ? 'status' : undefined} sx={{ minWidth: 40, textAlign: 'right' }}>
        {queued ? TEXT.upload.queued : `${value}%`}
      </Typography>
      {onCancel && (
        <Button size="small" color="inherit" onClick={onCancel}>
          {TEXT.upload.cancelUpload}
        </Button>
      )}
    </Box>
  );
}
