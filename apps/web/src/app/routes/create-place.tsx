import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlineOutlined';
import { paths } from '@/config/paths';
import { useCreatePlace } from '@/features/places/api/create-place';
import { PlaceForm } from '@/features/places/components/place-form';
import { formValuesToBody } from '@/features/places/components/place-form-values';
import { useCurrentRole } from '@/app/layout/use-current-role';

/** /crear-destino (docs/product.md#create-destination): the form, then the success view. */
export default function CreatePlaceScreen() {
  const { role } = useCurrentRole();
  const create = useCreatePlace();
  const [created, setCreated] = useState(false);
  // Changing the key mounts an empty form for 'Registrar otro lugar'.
  const [formKey, setFormKey] = useState(0);

  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
      {created ? (
        <Paper variant="outlined" sx={{ p: { xs: 3, md: 5 }, borderRadius: 3, textAlign: 'center' }}>
          <CheckCircleOutline color="primary" sx={{ fontSize: 64, mb: 2 }} aria-hidden />
          <Box role="status">
            <Typography component="h1" variant="h5" sx={{ fontWeight: 500, mb: 4 }}>
              Su destino ha sido creado con éxito! Un administrador verificará los datos registrados para su posterior publicación.
            </Typography>
          </Box>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'center' }}>
            {role !== null && role !== 'admin' && (
              <Button component={RouterLink} to={paths.search} variant="contained">
                Buscar destinos
              </Button>
            )}
            <Button
              variant="outlined"
              color="primary"
              onClick={() => {
                setFormKey((k) => k + 1);
                setCreated(false);
              }}
            >
              Registrar otro lugar
            </Button>
          </Stack>
        </Paper>
      ) : (
        <PlaceForm
          key={formKey}
          mode="create"
          onSubmit={async (values) => {
            await create.mutateAsync(formValuesToBody(values));
            setCreated(true);
            window.scrollTo({ top: 0 });
          }}
        />
      )}
    </Container>
  );
}
