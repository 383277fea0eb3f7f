import Typography from '@mui/material/Typography';

/** Placeholder: W2 builds this screen. */
export default function PlaceDetailScreen() {
  return (
    <Typography component="h1" variant="h4" sx={{ p: 3 }}>
      Destino
    </Typography>
  );
}
