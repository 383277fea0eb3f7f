import { useRef, useSyncExternalStore, type ChangeEvent, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import AddPhotoAlternateOutlined from '@mui/icons-material/AddPhotoAlternateOutlined';
import PhotoCameraOutlined from '@mui/icons-material/PhotoCameraOutlined';
import { TEXT } from '@sendero/contract';

const COARSE_POINTER = '(pointer: coarse)';

function subscribeCoarse(cb: () => void) {
  if (typeof window.matchMedia !== 'function') return () => {};
  const mq = window.matchMedia(COARSE_POINTER);
  mq.addEventListener('change', cb);
  return () => mq.removeEventListener('change', cb);
}
function isCoarse() {
  return typeof window.matchMedia === 'function' && window.matchMedia(COARSE_POINTER).matches;
}

interface FilePickerButtonsProps {
  label: string;
  multiple?: boolean;
  disabled?: boolean;
  onFiles: (files: File[]) => void;
  extra?: ReactNode;
}

/**
 * 'label' opens the device's file chooser; on touch devices a second 'Cámara' button opens the
 * camera directly (`capture`). The inputs are hidden and opened from real buttons, so the
 * keyboard reaches them like any other button.
 */
export function FilePickerButtons({ label, multiple = false, disabled = false, onFiles, extra }: FilePickerButtonsProps) {
  const fileInput = useRef<HTMLInputElement>(null);
  const cameraInput = useRef<HTMLInputElement>(null);
  const coarse = useSyncExternalStore(subscribeCoarse, isCoarse, () => false);

  const handleChange = (e: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(e.target.files ?? []);
    // Clear so choosing the same file again fires another change.
    e.target.value = '';
    if (files.length > 0) onFiles(files);
  };

  return (
    <>
      <Button
        variant="outlined"
        startIcon={<AddPhotoAlternateOutlined />}
        disabled={disabled}
        onClick={() => fileInput.current?.click()}
      >
        {label}
      </Button>
      <input
        ref={fileInput}
        type="file"
        accept="image/*"
        multiple={multiple}
        hidden
        aria-label={label}
        onChange={handleChange}
      />
      {coarse && (
        <>
          <Button
            variant="outlined"
            startIcon={<PhotoCameraOutlined />}
            disabled={disabled}
            onClick={() => cameraInput.current?.click()}
          >
            {TEXT.upload.camera}
          </Button>
          <input
            ref={cameraInput}
            type="file"
            accept="image/*"
            capture="environment"
            hidden
            aria-label={TEXT.upload.camera}
            onChange={handleChange}
          />
        </>
      )}
      {extra}
    </>
  );
}
