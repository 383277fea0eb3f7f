import { useState } from 'react';
import Cropper, { type Area } from 'react-easy-crop';
import 'react-easy-crop/react-easy-crop.css';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Slider from '@mui/material/Slider';
import Typography from '@mui/material/Typography';
import type { PixelArea } from './crop-image';
import { useCloseOnBack } from '@/lib/navigation-guard';
import { TEXT } from '@sendero/contract';

interface CropDialogProps {
  /** Object URL of the chosen image; the dialog is open while it is set. */
  src: string | null;
  aspect: number;
  round?: boolean;
  onCancel: () => void;
  /** `area` is null when the image could not be measured (the caller uploads it uncropped). */
  onConfirm: (area: PixelArea | null) => void;
}

/** Client-side crop (docs/product.md#images): 4:3 for reviews, square for profile photos. */
export function CropDialog({ src, aspect, round = false, onCancel, onConfirm }: CropDialogProps) {
  // The browser's Back button closes the dialog instead of leaving the page.
  useCloseOnBack(src !== null, onCancel);
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<PixelArea | null>(null);

  const reset = () => {
    setCrop({ x: 0, y: 0 });
    setZoom(1);
    setArea(null);
  };

  return (
    <Dialog
      open={src !== null}
      onClose={onCancel}
      fullWidth
      maxWidth="sm"
      aria-labelledby="crop-dialog-title"
      slotProps={{ transition: { onExited: reset } }}
    >
      <DialogTitle id="crop-dialog-title">{TEXT.upload.cropTitle}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {TEXT.upload.cropHelp}
        </Typography>
        <Box sx={{ position: 'relative', width: '100%', height: { xs: 260, sm: 360 }, bgcolor: 'grey.900', borderRadius: 1, overflow: 'hidden' }}>
          {src && (
            <Cropper
              image={src}
              crop={crop}
              zoom={zoom}
              aspect={aspect}
              cropShape={round ? 'round' : 'rect'}
              onCropChange={setCrop}
              onZoomChange={setZoom}
              onCropComplete={(_a: Area, pixels: Area) => setArea(pixels)}
              disableAutomaticStylesInjection
              mediaProps={{ alt: TEXT.upload.cropImage }}
            />
          )}
        </Box>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mt: 2 }}>
          <Typography id="crop-zoom-label" variant="body2">
            {TEXT.upload.zoom}
          </Typography>
          <Slider
            value={zoom}
            min={1}
            max={3}
            step={0.05}
            onChange={(_e, v) => setZoom(v)}
            aria-labelledby="crop-zoom-label"
          />
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{TEXT.actions.cancel}</Button>
        <Button variant="contained" onClick={() => onConfirm(area)}>
          {TEXT.upload.usePhoto}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
