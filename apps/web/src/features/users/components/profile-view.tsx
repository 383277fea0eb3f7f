import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { shortName, TEXT } from '@sendero/contract';
import type { ProfileData } from './profile-types';
import { ProfilePhoto } from './profile-photo';

function Field({ label, value }: { label: string; value: string }) {
  return (
    <Box>
      <Typography component="dt" variant="body2" sx={{ color: 'text.secondary', fontWeight: 500 }}>
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontSize: '1.05rem', overflowWrap: 'anywhere' }}>
        {value}
      </Typography>
    </Box>
  );
}

/** docs/product.md#profile view mode: photo, Nombre, Apellido, Correo and 'Editar Perfil'. */
export function ProfileView({ profile, onEdit }: { profile: ProfileData; onEdit: () => void }) {
  return (
    <Box sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, gap: 4, alignItems: { xs: 'center', sm: 'flex-start' } }}>
      <ProfilePhoto url={profile.photo_url} name={shortName(profile.firstname, profile.lastname)} />
      <Box sx={{ flex: 1, width: '100%' }}>
        <Box component="dl" sx={{ display: 'grid', gap: 2, m: 0 }}>
          <Field label={TEXT.fields.firstname} value={profile.firstname} />
          <Field label={TEXT.fields.lastname} value={profile.lastname} />
          <Field label={TEXT.fields.email} value={profile.email} />
        </Box>
        <Button variant="contained" sx={{ mt: 3 }} onClick={onEdit}>
          {TEXT.profile.edit}
        </Button>
      </Box>
    </Box>
  );
}
