import Typography from '@mui/material/Typography';

/** Placeholder: W1 builds this screen. */
export default function NotFoundScreen() {
  return (
    <Typography component="h1" variant="h4" sx={{ p: 3 }}>
      Página no encontrada
    </Typography>
  );
}
