import Typography from '@mui/material/Typography';

/** Placeholder: W1 builds this screen. */
export default function RegisterSuccessScreen() {
  return (
    <Typography component="h1" variant="h4" sx={{ p: 3 }}>
      Registro Exitoso
    </Typography>
  );
}
