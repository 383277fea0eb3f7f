import Typography from '@mui/material/Typography';

/** Placeholder: W1 builds this screen. */
export default function LandingScreen() {
  return (
    <Typography component="h1" variant="h4" sx={{ p: 3 }}>
      Inicia esta aventura
    </Typography>
  );
}
