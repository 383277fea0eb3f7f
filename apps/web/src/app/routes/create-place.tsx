import Typography from '@mui/material/Typography';

/** Placeholder: W2 builds this screen. */
export default function CreatePlaceScreen() {
  return (
    <Typography component="h1" variant="h4" sx={{ p: 3 }}>
      Crear un Destino
    </Typography>
  );
}
