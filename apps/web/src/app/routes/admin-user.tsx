import { Link, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { paths } from '@/config/paths';
import { AdminActionsHistory } from '@/features/admin/components/admin-actions-history';
import { AdminUserProfile } from '@/features/admin/components/admin-user-profile';
import { useUser } from '@/features/users/api/get-user';
import { errorMessage, isApiRequestError } from '@/lib/api-client';
import { TEXT } from '@sendero/contract';

function ProfileSkeleton() {
  return (
    <Stack spacing={3} aria-busy="true" aria-label={TEXT.admin.loadingProfile}>
      <Stack direction="row" spacing={3} sx={{ alignItems: 'center' }}>
        <Skeleton variant="circular" width={96} height={96} />
        <Skeleton variant="text" sx={{ fontSize: '2rem', width: '50%' }} />
      </Stack>
      <Skeleton variant="rounded" height={180} />
      <Skeleton variant="rounded" height={160} />
      <Skeleton variant="rounded" height={100} />
    </Stack>
  );
}

/** /admin/usuario/{id}: one user's data and guide application, the admin's actions and their log. */
export default function AdminUserScreen() {
  const { id = '' } = useParams();
  const { data: user, error, isPending, refetch, isFetching } = useUser(id);

  let body;
  if (isPending) body = <ProfileSkeleton />;
  else if (error) {
    const missing = isApiRequestError(error) && error.status === 404;
    body = (
      <Alert
        severity="error"
        action={
          missing ? (
            <Button component={Link} to={paths.adminUsers} color="inherit" size="small">
              {TEXT.actions.back}
            </Button>
          ) : (
            <Button color="inherit" size="small" onClick={() => void refetch()} disabled={isFetching}>
              {TEXT.actions.retry}
            </Button>
          )
        }
      >
        {errorMessage(error)}
      </Alert>
    );
  } else {
    body = (
      <Stack spacing={4}>
        <AdminUserProfile user={user} />
        <Box>
          <AdminActionsHistory targetId={user._id} />
        </Box>
      </Stack>
    );
  }
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
      {body}
    </Container>
  );
}
