import type { ReactNode } from 'react';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import OpenInNew from '@mui/icons-material/OpenInNew';
import { ROLE_LABELS, shortName, type User, TEXT } from '@sendero/contract';
import { Fact, Facts } from '@/components/ui/facts';
import { visuallyHidden } from '@/components/ui/visually-hidden';
import { imageVariant } from '@/lib/images';
import { socialHref, type SocialField } from '../utils/social-links';
import { GuideActions } from './guide-actions';
import { ResetLinkAction } from './reset-link-action';
import { StatusChip } from './status-chip';

const SOCIAL_FIELDS: readonly { field: SocialField; label: string; required: boolean }[] = [
  { field: 'instagram', label: TEXT.fields.instagram, required: true },
  { field: 'facebook', label: TEXT.fields.facebook, required: true },
  { field: 'linkedin', label: TEXT.fields.linkedin, required: true },
  { field: 'other1', label: TEXT.fields.other, required: false },
  { field: 'other2', label: TEXT.fields.other, required: false },
  { field: 'other3', label: TEXT.fields.other, required: false },
];

/** A social field: an http(s) link opened in a new tab, or the text as it was written. */
function SocialValue({ field, value }: { field: SocialField; value: string }) {
  const href = socialHref(field, value);
  if (!href) return <>{value}</>;
  return (
    <Link href={href} target="_blank" rel="noopener noreferrer" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, overflowWrap: 'anywhere' }}>
      {value}
      <OpenInNew sx={{ fontSize: 16 }} aria-hidden />
      <Box component="span" sx={visuallyHidden}>
        {TEXT.admin.newTab}
      </Box>
    </Link>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper component="section" variant="outlined" aria-labelledby={id} sx={{ p: { xs: 2, md: 3 }, borderRadius: 3 }}>
      <Typography id={id} component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/**
 * /admin/usuario/{id}: the user's data and photo, the guide application (social links and
 * 'Acerca de ti', read only) and the admin's actions on it.
 */
export function AdminUserProfile({ user }: { user: User }) {
  const name = shortName(user.firstname, user.lastname);
  const socials = SOCIAL_FIELDS.filter((s) => s.required || user[s.field].trim() !== '');
  const hasApplication = SOCIAL_FIELDS.some((s) => user[s.field].trim() !== '') || user.about_you.trim() !== '';

  return (
    <Stack spacing={3}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 2, sm: 3 }} sx={{ alignItems: { xs: 'flex-start', sm: 'center' } }}>
        <Avatar
          src={user.photo_url ? imageVariant(user.photo_url, 400) : undefined}
          alt={user.photo_url ? TEXT.profile.photoOf(name) : undefined}
          sx={{ width: { xs: 96, md: 120 }, height: { xs: 96, md: 120 }, bgcolor: 'primary.main', fontSize: 40 }}
        >
          {name.charAt(0).toUpperCase()}
        </Avatar>
        <Box sx={{ minWidth: 0 }}>
          <Typography id="admin-user-title" component="h1" variant="h4" sx={{ fontWeight: 700, fontSize: { xs: '1.6rem', md: '2.125rem' }, overflowWrap: 'anywhere' }}>
            {TEXT.profile.titleOf(name)}
          </Typography>
        </Box>
      </Stack>

      <Section id="admin-user-data" title={TEXT.admin.userData}>
        <Facts stackOnPhones>
          <Fact term={TEXT.fields.firstname}>{user.firstname}</Fact>
          <Fact term={TEXT.fields.lastname}>{user.lastname}</Fact>
          <Fact term={TEXT.fields.email}>{user.email}</Fact>
          <Fact term={TEXT.admin.role}>{ROLE_LABELS[user.role]}</Fact>
          <Fact term={TEXT.admin.status}>
            <StatusChip status={user.status} />
          </Fact>
        </Facts>
      </Section>

      <Section id="admin-user-socials" title={TEXT.admin.application}>
        {hasApplication ? (
          <Facts stackOnPhones>
            {socials.map((s) => (
              <Fact key={s.field} term={s.label}>
                {user[s.field].trim() ? <SocialValue field={s.field} value={user[s.field].trim()} /> : <Box component="span" sx={{ color: 'text.secondary' }}>{TEXT.admin.notGiven}</Box>}
              </Fact>
            ))}
          </Facts>
        ) : (
          <Typography color="text.secondary">{TEXT.admin.noApplication}</Typography>
        )}
      </Section>

      <Section id="admin-user-about" title={TEXT.admin.aboutYou}>
        {user.about_you.trim() ? (
          <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{user.about_you}</Typography>
        ) : (
          <Typography color="text.secondary">{TEXT.admin.noInformation}</Typography>
        )}
      </Section>

      <GuideActions user={user} />
      <ResetLinkAction userId={user._id} />
    </Stack>
  );
}
