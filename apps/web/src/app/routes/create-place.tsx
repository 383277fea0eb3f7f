import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlineOutlined';
import { TEXT, TRACK_TEXT } from '@sendero/contract';
import { paths } from '@/config/paths';
import { useCreatePlace } from '@/features/places/api/create-place';
import { PlaceForm } from '@/features/places/components/place-form';
import { formValuesToBody } from '@/features/places/components/place-form-values';
import { TrackFileField, TrackUpload } from '@/features/places/components/track/track-field';
import { useCurrentRole } from '@/app/layout/use-current-role';

/**
 * /crear-destino (docs/product.md#create-destination): the form, then the success view with a link to
 * the new place (its creator may open it while it is in review).
 */
export default function CreatePlaceScreen() {
  const { role } = useCurrentRole();
  const create = useCreatePlace();
  const [created, setCreated] = useState<string | null>(null);
  // 'Recorrido (GPX o KML, opcional)': chosen in the form, sent once the destination exists.
  const [trackFile, setTrackFile] = useState<File | null>(null);
  // Changing the key mounts an empty form for 'Registrar otro lugar'.
  const [formKey, setFormKey] = useState(0);

  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
      {created !== null ? (
        <Paper variant="outlined" sx={{ p: { xs: 3, md: 5 }, borderRadius: 3, textAlign: 'center' }}>
          <CheckCircleOutline color="primary" sx={{ fontSize: 64, mb: 2 }} aria-hidden />
          <Box role="status">
            <Typography component="h1" variant="h5" sx={{ fontWeight: 500, mb: 4 }}>
              {TEXT.places.created}
            </Typography>
          </Box>
          {trackFile && (
            <Box sx={{ textAlign: 'left', mb: 4 }}>
              <TrackUpload placeId={created} summary={null} initialFile={trackFile} intro={TRACK_TEXT.notSavedAfterCreate} />
            </Box>
          )}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'center' }}>
            <Button component={RouterLink} to={role === 'admin' ? paths.adminPlace(created) : paths.placeDetail(created)} variant="contained">
              {TEXT.places.openCreated}
            </Button>
            {role !== null && role !== 'admin' && (
              <Button component={RouterLink} to={paths.search} variant="outlined">
                {TEXT.placeForm.searchPlaces}
              </Button>
            )}
            <Button
              variant="outlined"
              color="primary"
              onClick={() => {
                setFormKey((k) => k + 1);
                setTrackFile(null);
                setCreated(null);
              }}
            >
              {TEXT.placeForm.createAnother}
            </Button>
          </Stack>
        </Paper>
      ) : (
        <PlaceForm
          key={formKey}
          mode="create"
          trackField={<TrackFileField file={trackFile} onFileChange={setTrackFile} />}
          onSubmit={async (values) => {
            const place = await create.mutateAsync(formValuesToBody(values));
            setCreated(place._id);
            window.scrollTo({ top: 0 });
          }}
        />
      )}
    </Container>
  );
}
