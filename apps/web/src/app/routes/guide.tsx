import { useState } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { APPLICATION_STATUSES, type Status, TEXT } from '@sendero/contract';
import { LoadError } from '@/components/ui/load-error';
import { useErrorToast } from '@/components/ui/use-error-toast';
import { ApplicationStatus } from '@/features/guide/components/application-status';
import { GuideForm } from '@/features/guide/components/guide-form';
import { useUser } from '@/features/users/api/get-user';
import { useSession } from '@/lib/session';
import { Screen } from '@/components/ui/screen';

function hasApplied(status: Status): boolean {
  return (APPLICATION_STATUSES as readonly string[]).includes(status);
}

/** /convertirme-en-guia (role user only; the router's guard checks the role with the server). */
export default function GuideScreen() {
  const session = useSession();
  const user = useUser(session?._id);
  useErrorToast(user.error);
  const [newApplication, setNewApplication] = useState(false);
  const [justSent, setJustSent] = useState(false);
  const data = user.data;

  return (
    <Screen title={TEXT.menu.becomeGuide} maxWidth={1000} titleGap={2}>
      <Typography sx={{ mb: 1 }}>{TEXT.guide.whatIs}</Typography>
      <Typography sx={{ mb: 3, color: 'text.secondary' }}>{TEXT.guide.whyData}</Typography>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 }, borderRadius: 3 }}>
        {user.isError ? (
          <LoadError error={user.error} onRetry={() => void user.refetch()} />
        ) : !data ? (
          <Box>
            <Skeleton height={56} />
            <Skeleton height={56} />
            <Skeleton height={120} />
          </Box>
        ) : hasApplied(data.status) && !newApplication ? (
          <ApplicationStatus status={data.status} justSent={justSent} onNewApplication={() => setNewApplication(true)} />
        ) : (
          <GuideForm
            userId={data._id}
            initial={
              newApplication
                ? {
                    instagram: data.instagram,
                    facebook: data.facebook,
                    linkedin: data.linkedin,
                    other1: data.other1,
                    other2: data.other2,
                    other3: data.other3,
                    about_you: data.about_you,
                  }
                : undefined
            }
            onSent={() => {
              setNewApplication(false);
              setJustSent(true);
            }}
          />
        )}
      </Paper>
    </Screen>
  );
}
