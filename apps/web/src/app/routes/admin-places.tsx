import Typography from '@mui/material/Typography';

/** Placeholder: the admin engineer builds this screen. */
export default function AdminPlacesScreen() {
  return (
    <Typography component="h1" variant="h4" sx={{ p: 3 }}>
      Administrar Destinos
    </Typography>
  );
}
