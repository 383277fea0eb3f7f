import Typography from '@mui/material/Typography';

/** Placeholder: the admin engineer builds this screen. */
export default function AdminUsersScreen() {
  return (
    <Typography component="h1" variant="h4" sx={{ p: 3 }}>
      Administrar Usuarios
    </Typography>
  );
}
