import type { ReactNode } from 'react';
import Button, { type ButtonProps } from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MSG } from '@sendero/contract';
import { useOnlineStatus } from '@/lib/online-status';

interface OfflineAwareButtonProps {
  /** The id of the 'Necesitas conexión…' line shown under the button while offline. */
  hintId: string;
  color?: ButtonProps['color'];
  startIcon: ReactNode;
  onClick: () => void;
  children: ReactNode;
}

/** A section's main action that needs the network: disabled offline, saying why under it (docs/architecture.md#adding-a-call). */
export function OfflineAwareButton({ hintId, color, startIcon, onClick, children }: OfflineAwareButtonProps) {
  const online = useOnlineStatus();
  return (
    <Stack spacing={0.5} sx={{ alignItems: { sm: 'flex-end' }, flexShrink: 0 }}>
      <Button variant="contained" color={color} startIcon={startIcon} onClick={onClick} disabled={!online} aria-describedby={online ? undefined : hintId}>
        {children}
      </Button>
      {!online && (
        <Typography id={hintId} variant="body2" color="text.secondary">
          {MSG.offline}
        </Typography>
      )}
    </Stack>
  );
}
