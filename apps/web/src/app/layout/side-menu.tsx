import type { ReactElement } from 'react';
import { NavLink, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import AddLocationAltIcon from '@mui/icons-material/AddLocationAlt';
import BookmarksIcon from '@mui/icons-material/Bookmarks';
import GroupsIcon from '@mui/icons-material/Groups';
import HikingIcon from '@mui/icons-material/Hiking';
import LogoutIcon from '@mui/icons-material/Logout';
import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import MapIcon from '@mui/icons-material/Map';
import PersonIcon from '@mui/icons-material/Person';
import SearchIcon from '@mui/icons-material/Search';
import { MENU_TEXT, shortName, type Role, type Session } from '@sendero/contract';
import { paths } from '@/config/paths';
import { useAdmin } from '@/features/users/api/get-admin';
import { useUser } from '@/features/users/api/get-user';
import { imageVariant } from '@/lib/images';
import { endSession } from '@/lib/session';
import { menuItemsFor } from './menu-items';

const ICONS: Record<string, ReactElement> = {
  [paths.search]: <SearchIcon />,
  [paths.saved]: <BookmarksIcon />,
  [paths.myOutings]: <GroupsIcon />,
  [paths.profile]: <PersonIcon />,
  [paths.guide]: <HikingIcon />,
  [paths.createPlace]: <AddLocationAltIcon />,
  [paths.adminUsers]: <ManageAccountsIcon />,
  [paths.adminPlaces]: <MapIcon />,
  // An icon the menu already loads: a new one would cost the landing's download (bench/web-landing.ts).
  [paths.adminTrailReports]: <HikingIcon />,
};

/** Avatar and first names: the admin record for administrators, the user record for the rest. */
function MenuHeader({ session, role }: { session: Session; role: Role | null }) {
  const isAdmin = (role ?? session.role) === 'admin';
  const admin = useAdmin(isAdmin ? session._id : undefined);
  const user = useUser(isAdmin ? undefined : session._id);
  const person = isAdmin ? admin.data : user.data;
  const name = person ? shortName(person.firstname, person.lastname) : '';
  const photo = person?.photo_url ? imageVariant(person.photo_url, 400) : undefined;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1, px: 2, py: 3 }}>
      {person ? (
        <Avatar src={photo} alt="" sx={{ width: 72, height: 72, bgcolor: 'primary.main', fontSize: 28 }}>
          {name.charAt(0).toUpperCase()}
        </Avatar>
      ) : (
        <Skeleton variant="circular" width={72} height={72} />
      )}
      <Typography component="p" variant="subtitle1" sx={{ fontWeight: 500, textAlign: 'center', minHeight: 28 }}>
        {person ? name : <Skeleton width={120} />}
      </Typography>
    </Box>
  );
}

interface SideMenuProps {
  session: Session;
  role: Role | null;
  /** Called after an item is chosen (closes the drawer on small screens). */
  onNavigate?: () => void;
}

export function SideMenu({ session, role, onNavigate }: SideMenuProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const logout = () => {
    onNavigate?.();
    // That user's offline copies go with the session (loaded on demand: not in the first bundle).
    void import('@/lib/offline-store').then((m) => m.deleteOfflineCopies(session._id));
    endSession();
    queryClient.clear();
    void navigate(paths.home, { replace: true });
  };

  return (
    <Box component="nav" aria-label={MENU_TEXT.main} sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <MenuHeader session={session} role={role} />
      <Divider />
      <List>
        {menuItemsFor(role).map((item) => (
          <ListItem key={item.to} disablePadding>
            <ListItemButton
              component={NavLink}
              to={item.to}
              onClick={onNavigate}
              sx={{
                '&.active': { bgcolor: 'rgba(159, 45, 199, 0.12)', color: 'primary.dark' },
                '&.active .MuiListItemIcon-root': { color: 'primary.main' },
              }}
            >
              <ListItemIcon sx={{ minWidth: 40 }}>{ICONS[item.to]}</ListItemIcon>
              <ListItemText primary={item.label} />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
      <Divider />
      <List>
        <ListItem disablePadding>
          <ListItemButton onClick={logout}>
            <ListItemIcon sx={{ minWidth: 40 }}>
              <LogoutIcon />
            </ListItemIcon>
            <ListItemText primary={MENU_TEXT.logout} />
          </ListItemButton>
        </ListItem>
      </List>
    </Box>
  );
}
