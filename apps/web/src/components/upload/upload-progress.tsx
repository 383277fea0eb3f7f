import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { TEXT } from '@sendero/contract';

/** The progress bar of an upload in flight (docs/product.md#images). */
export function UploadProgress({ value, label = TEXT.upload.uploading }: { value: number; label?: string }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, width: '100%' }}>
      <LinearProgress variant="determinate" value={value} aria-label={label} sx={{ flex: 1, height: 8, borderRadius: 4 }} />
      <Typography variant="body2" color="text.secondary" sx={{ minWidth: 40, textAlign: 'right' }}>
        {`${value}%`}
      </Typography>
    </Box>
  );
}
