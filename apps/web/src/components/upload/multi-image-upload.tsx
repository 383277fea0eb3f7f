import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Close from '@mui/icons-material/Close';
import { MAX_PLACE_PHOTOS, MSG, TEXT } from '@sendero/contract';
import { checkImageFile } from './check-file';
import { FilePickerButtons } from './file-picker-buttons';
import { UploadProgress } from './upload-progress';
import { useUploader } from './use-uploader';

export interface MultiImageUploadProps {
  /** Uploaded photo URLs, in display order (the first is the card image). */
  value: string[];
  onChange: (urls: string[]) => void;
  /** Visible label of the group. */
  label?: string;
  /** Validation message shown under the group. */
  errorText?: string;
  /** Hint shown under the group when there is no error. */
  helperText?: string;
  max?: number;
  disabled?: boolean;
  /** Called with true while files are being sent. */
  onBusyChange?: (busy: boolean) => void;
  id?: string;
}

interface FileError {
  name: string;
  message: string;
}

/** Photos of a place: several files, no crop, each sent with progress, removable before submit. */
export function MultiImageUpload({
  value,
  onChange,
  label = TEXT.upload.photos,
  errorText,
  helperText,
  max = MAX_PLACE_PHOTOS,
  disabled = false,
  onBusyChange,
  id = 'place-photos',
}: MultiImageUploadProps) {
  const { progress, queued, upload, cancel } = useUploader('place');
  const [queue, setQueue] = useState<{ done: number; total: number } | null>(null);
  const [errors, setErrors] = useState<FileError[]>([]);
  // Uploads finish one after another; each appends to the latest list, not the one at click time.
  const latest = useRef(value);
  latest.current = value;
  const busy = queue !== null;

  useEffect(() => {
    onBusyChange?.(busy);
  }, [busy, onBusyChange]);

  const handleFiles = async (files: File[]) => {
    const room = max - latest.current.length;
    const problems: FileError[] = [];
    const accepted: File[] = [];
    for (const file of files) {
      const problem = checkImageFile(file, true);
      if (problem) problems.push({ name: file.name, message: problem });
      else if (accepted.length < room) accepted.push(file);
      else problems.push({ name: file.name, message: MSG.photosTooMany });
    }
    setErrors(problems);
    if (accepted.length === 0) return;
    setQueue({ done: 0, total: accepted.length });
    for (const [i, file] of accepted.entries()) {
      const res = await upload(file, file.name);
      if (res.ok) {
        const next = [...latest.current, res.data.secure_url];
        latest.current = next;
        onChange(next);
      } else if (res.message === '') {
        // Cancelled ('Cancelar'): the files after it are not sent either.
        break;
      } else {
        setErrors((prev) => [...prev, { name: file.name, message: res.message }]);
      }
      setQueue({ done: i + 1, total: accepted.length });
    }
    setQueue(null);
  };

  const remove = (index: number) => {
    const next = value.filter((_, i) => i !== index);
    latest.current = next;
    onChange(next);
  };

  const labelId = `${id}-label`;
  const helpId = `${id}-help`;

  return (
    <Box role="group" aria-labelledby={labelId} aria-describedby={helpId} id={id}>
      <Typography id={labelId} component="p" variant="subtitle1" sx={{ fontWeight: 500, mb: 1 }}>
        {label}
      </Typography>
      {value.length > 0 && (
        <Box
          component="ul"
          sx={{
            listStyle: 'none',
            p: 0,
            m: 0,
            mb: 1.5,
            display: 'grid',
            gap: 1,
            gridTemplateColumns: 'repeat(auto-fill, minmax(120px, 1fr))',
          }}
        >
          {value.map((url, i) => (
            <Box component="li" key={`${url}-${i}`} sx={{ position: 'relative' }}>
              <Box
                component="img"
                src={url}
                alt={TEXT.upload.placePhoto(i + 1)}
                sx={{ width: '100%', aspectRatio: '4 / 3', objectFit: 'cover', borderRadius: 1.5, display: 'block', bgcolor: 'grey.100' }}
              />
              <IconButton
                size="small"
                aria-label={TEXT.upload.removePlacePhoto(i + 1)}
                onClick={() => remove(i)}
                disabled={disabled || busy}
                sx={{ position: 'absolute', top: 4, right: 4, bgcolor: 'rgba(255,255,255,0.9)', '&:hover': { bgcolor: '#fff' } }}
              >
                <Close fontSize="small" />
              </IconButton>
            </Box>
          ))}
        </Box>
      )}
      {queue && (
        <Stack spacing={0.5} sx={{ mb: 1.5 }}>
          <Typography variant="body2" color="text.secondary">
            {TEXT.upload.uploadingOf(Math.min(queue.done + 1, queue.total), queue.total)}
          </Typography>
          <UploadProgress value={progress ?? 0} queued={queued} onCancel={cancel} />
        </Stack>
      )}
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <FilePickerButtons
          label={TEXT.upload.addPhotos}
          multiple
          disabled={disabled || busy || value.length >= max}
          onFiles={(files) => void handleFiles(files)}
        />
      </Stack>
      <FormHelperText id={helpId} error={Boolean(errorText)}>
        {errorText ?? helperText ?? TEXT.upload.upTo(max)}
      </FormHelperText>
      {errors.length > 0 && (
        <Alert severity="error" onClose={() => setErrors([])} sx={{ mt: 1 }}>
          {errors.length === 1 && errors[0] ? (
            errors[0].message
          ) : (
            <Box component="ul" sx={{ m: 0, pl: 2 }}>
              {errors.map((e, i) => (
                <li key={i}>{`${e.name}: ${e.message}`}</li>
              ))}
            </Box>
          )}
        </Alert>
      )}
    </Box>
  );
}
