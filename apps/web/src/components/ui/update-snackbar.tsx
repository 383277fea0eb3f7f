import { useState } from 'react';
import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import { APP_TEXT } from '@sendero/contract';
import { applyUpdate } from '@/lib/app-update';

export default function UpdateSnackbar() {
  const [updating, setUpdating] = useState(false);
  return (
    <Snackbar
      open
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      message={APP_TEXT.newVersion}
      action={
        <Button
          color="secondary"
          size="small"
          disabled={updating}
          onClick={() => {
            setUpdating(true);
            void applyUpdate();
          }}
        >
          {APP_TEXT.update}
        </Button>
      }
    />
  );
}
