import { useState } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import { firstWord, TEXT } from '@sendero/contract';
import { LoadError } from '@/components/ui/load-error';
import { useErrorToast } from '@/components/ui/use-error-toast';
import { useCurrentPerson } from '@/features/users/api/use-current-person';
import { ProfileEdit } from '@/features/users/components/profile-edit';
import { ProfileView } from '@/features/users/components/profile-view';
import { EmailPreferences } from '@/features/users/components/email-preferences';
import { MyPlaces } from '@/features/places/components/my-places';
import { Screen } from '@/components/ui/screen';

/** /perfil: the caller's own profile; administrators are read from GET /api/admin/{id}. */
export default function ProfileScreen() {
  const { isAdmin, session, user, query, person: profile } = useCurrentPerson();
  useErrorToast(query.error);
  const [editing, setEditing] = useState(false);

  return (
    <Screen title={profile ? TEXT.profile.title(firstWord(profile.firstname), firstWord(profile.lastname)) : <Skeleton width={280} role="progressbar" aria-label={TEXT.actions.loading} />} maxWidth={960}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 }, borderRadius: 3 }}>
        {query.isError ? (
          <LoadError error={query.error} onRetry={() => void query.refetch()} />
        ) : !profile ? (
          <Box sx={{ display: 'flex', gap: 4, flexWrap: 'wrap' }}>
            <Skeleton variant="circular" width={160} height={160} />
            <Box sx={{ flex: 1, minWidth: 200 }}>
              <Skeleton width="60%" height={40} />
              <Skeleton width="50%" height={40} />
              <Skeleton width="70%" height={40} />
            </Box>
          </Box>
        ) : editing ? (
          <ProfileEdit profile={profile} onDone={() => setEditing(false)} />
        ) : (
          <ProfileView profile={profile} onEdit={() => setEditing(true)} />
        )}
      </Paper>
      {!isAdmin && session && <MyPlaces userId={session._id} />}
      {!isAdmin && user.data && <EmailPreferences user={user.data} />}
    </Screen>
  );
}
