import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import { MSG, TEXT, UPLOAD_CROP_ASPECT } from '@sendero/contract';
import { checkImageFile, decodesAsImage } from './check-file';
import { cropToBlob, type PixelArea } from './crop-image';
import { CropDialog } from './crop-dialog';
import { FilePickerButtons } from './file-picker-buttons';
import { UploadProgress } from './upload-progress';
import { useUploader } from './use-uploader';

export interface ImageUploadProps {
  /** 'rating' crops 4:3, 'user' crops square (docs/product.md#images). */
  preset: 'user' | 'rating';
  /** The current image URL ('' for none). */
  value: string;
  /** Receives the uploaded image's `secure_url`, or '' when the user removes it. */
  onChange: (url: string) => void;
  /** Button text; defaults to 'Cambiar Foto' when there is an image and 'Añadir Foto' otherwise. */
  label?: string;
  /** Alternative text of the preview. */
  alt?: string;
  disabled?: boolean;
  /** Shows 'Quitar foto' to clear the value (default true). */
  removable?: boolean;
  /** Called with true while a file is being cropped or sent. */
  onBusyChange?: (busy: boolean) => void;
}

/** One image: pick a file or take a photo, crop it in the browser, upload it with progress. */
export function ImageUpload({
  preset,
  value,
  onChange,
  label,
  alt = TEXT.upload.preview,
  disabled = false,
  removable = true,
  onBusyChange,
}: ImageUploadProps) {
  const aspect = UPLOAD_CROP_ASPECT[preset] ?? 1;
  const { progress, queued, error, setError, upload, cancel } = useUploader(preset);
  const [source, setSource] = useState<{ url: string; file: File } | null>(null);
  const [pendingPreview, setPendingPreview] = useState<string | null>(null);
  const busy = progress !== null || source !== null;

  useEffect(() => {
    onBusyChange?.(busy);
  }, [busy, onBusyChange]);

  // Object URLs are released once they are no longer displayed.
  useEffect(() => () => { if (source) URL.revokeObjectURL(source.url); }, [source]);
  useEffect(() => () => { if (pendingPreview) URL.revokeObjectURL(pendingPreview); }, [pendingPreview]);

  const handleFiles = async (files: File[]) => {
    const file = files[0];
    if (!file) return;
    const problem = checkImageFile(file, false) ?? ((await decodesAsImage(file)) ? null : MSG.invalidImage);
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    setSource({ url: URL.createObjectURL(file), file });
  };

  const confirming = useRef(false);
  const handleConfirm = async (area: PixelArea | null) => {
    if (!source || confirming.current) return;
    confirming.current = true;
    const { url, file } = source;
    const blob = area ? await cropToBlob(url, area) : null;
    confirming.current = false;
    setSource(null);
    const toSend = blob ?? file;
    setPendingPreview(URL.createObjectURL(toSend));
    const res = await upload(toSend, blob ? 'foto.jpg' : file.name);
    setPendingPreview(null);
    if (res.ok) onChange(res.data.secure_url);
  };

  const shown = pendingPreview ?? value;
  const buttonLabel = label ?? (value ? TEXT.upload.changePhoto : TEXT.upload.addPhoto);
  const square = preset === 'user';

  return (
    <Stack spacing={1.5} sx={{ alignItems: square ? 'center' : 'stretch' }}>
      {shown ? (
        <Box
          component="img"
          src={shown}
          alt={alt}
          sx={{
            width: square ? 160 : '100%',
            maxWidth: square ? 160 : 480,
            aspectRatio: square ? '1 / 1' : '4 / 3',
            objectFit: 'cover',
            borderRadius: square ? '50%' : 2,
            alignSelf: 'center',
            opacity: progress !== null ? 0.6 : 1,
            bgcolor: 'grey.100',
          }}
        />
      ) : (
        <Box
          sx={{
            width: square ? 160 : '100%',
            maxWidth: square ? 160 : 480,
            aspectRatio: square ? '1 / 1' : '4 / 3',
            borderRadius: square ? '50%' : 2,
            alignSelf: 'center',
            border: '2px dashed',
            borderColor: 'divider',
            display: 'grid',
            placeItems: 'center',
            color: 'text.secondary',
            textAlign: 'center',
            p: 1,
          }}
        >
          <Typography variant="body2">{TEXT.upload.noPhoto}</Typography>
        </Box>
      )}
      {progress !== null && <UploadProgress value={progress} queued={queued} onCancel={cancel} />}
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', justifyContent: 'center' }}>
        <FilePickerButtons
          label={buttonLabel}
          disabled={disabled || busy}
          onFiles={(files) => void handleFiles(files)}
          extra={
            removable && value && !busy ? (
              <Button color="inherit" startIcon={<DeleteOutline />} onClick={() => onChange('')} disabled={disabled}>
                {TEXT.upload.removePhoto}
              </Button>
            ) : null
          }
        />
      </Stack>
      {error && (
        <Alert severity="error" onClose={() => setError(null)}>
          {error}
        </Alert>
      )}
      <CropDialog
        src={source?.url ?? null}
        aspect={aspect}
        round={square}
        onCancel={() => setSource(null)}
        onConfirm={(area) => void handleConfirm(area)}
      />
    </Stack>
  );
}
