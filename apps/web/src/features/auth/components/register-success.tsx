import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { paths } from '@/config/paths';
import { TEXT } from '@sendero/contract';

/** docs/product.md#register: the view shown once the account is created; 'Ingresar' keeps `volver` (docs/product.md#sharing). */
export function RegisterSuccess({ loginTo = paths.login }: { loginTo?: string }) {
  return (
    <Box sx={{ textAlign: 'center' }}>
      <CheckCircleIcon color="success" sx={{ fontSize: 64, mb: 1 }} aria-hidden="true" />
      <Typography component="p" variant="h6" sx={{ fontWeight: 700 }}>
        {TEXT.auth.registeredTitle}
      </Typography>
      <Typography sx={{ my: 2 }}>{TEXT.auth.registered}</Typography>
      <Button component={RouterLink} to={loginTo} variant="contained" size="large" fullWidth>
        {TEXT.auth.login}
      </Button>
    </Box>
  );
}
