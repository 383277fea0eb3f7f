import { memo, useCallback, useState, type ReactNode } from 'react';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import MenuIcon from '@mui/icons-material/Menu';
import { MENU_TEXT, SIDE_MENU_WIDTH, type Role, type Session } from '@sendero/contract';
import { useCloseOnBack } from '@/lib/navigation-guard';
import { SideMenu } from './side-menu';

/**
 * The fixed app bar's height (MUI's toolbar: 56 px, 48 px in landscape, 64 px from sm; no bar from md)
 * as --sd-app-bar, under which the offline banner sticks (components/ui/offline-banner.module.css).
 */
const MAIN_SX = {
  flexGrow: 1,
  minWidth: 0,
  width: { md: `calc(100% - ${SIDE_MENU_WIDTH}px)` },
  '--sd-app-bar': '56px',
  '@media (min-width:0px) and (orientation: landscape)': { '--sd-app-bar': '48px' },
  '@media (min-width:600px)': { '--sd-app-bar': '64px' },
  '@media (min-width:900px)': { '--sd-app-bar': '0px' },
} as const;

interface MenuFrameProps {
  session: Session;
  role: Role | null;
  children: ReactNode;
}

/**
 * The side menu (docs/product.md#side-menu) as a permanent drawer on wide screens and a toggled drawer behind a
 * top bar on small ones. Loaded only once a signed-in screen needs it, so the landing stays small.
 */
/** The phone's top bar: the same whoever is signed in, so the role confirmed later does not re-render it. */
const TopBar = memo(function TopBar({ onOpen }: { onOpen: () => void }) {
  return (
    <AppBar position="fixed" color="primary" sx={{ display: { md: 'none' } }}>
      <Toolbar>
        <IconButton color="inherit" edge="start" aria-label={MENU_TEXT.open} onClick={onOpen} sx={{ mr: 1 }}>
          <MenuIcon />
        </IconButton>
        <Typography component="span" variant="h6">
          {MENU_TEXT.brand}
        </Typography>
      </Toolbar>
    </AppBar>
  );
});

/**
 * Memoized (its children are the layout's memoized screen): a request of the person's starting or
 * answering re-renders the parts that show it, not the frame and the screen (src/boot/README.md).
 */
export default memo(function MenuFrame({ session, role, children }: MenuFrameProps) {
  const [mobileOpen, setMobileOpen] = useState(false);
  const open = useCallback(() => setMobileOpen(true), []);
  const close = useCallback(() => setMobileOpen(false), []);
  // On a phone, Back closes the open menu first.
  useCloseOnBack(mobileOpen, close);
  const menu = <SideMenu session={session} role={role} onNavigate={close} />;
  const paper = { width: SIDE_MENU_WIDTH, boxSizing: 'border-box' } as const;

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <TopBar onOpen={open} />
      <Box sx={{ width: { md: SIDE_MENU_WIDTH }, flexShrink: { md: 0 } }}>
        <Drawer
          variant="temporary"
          open={mobileOpen}
          onClose={close}
          slotProps={{ paper: { 'aria-label': MENU_TEXT.main } }}
          sx={{ display: { xs: 'block', md: 'none' }, '& .MuiDrawer-paper': paper }}
        >
          {menu}
        </Drawer>
        <Drawer variant="permanent" open sx={{ display: { xs: 'none', md: 'block' }, '& .MuiDrawer-paper': paper }}>
          {menu}
        </Drawer>
      </Box>
      <Box component="main" sx={MAIN_SX}>
        <Toolbar sx={{ display: { md: 'none' } }} />
        {children}
      </Box>
    </Box>
  );
});
