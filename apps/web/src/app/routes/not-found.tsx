import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { TEXT } from '@sendero/contract';
import { Logo } from '@/components/ui/logo';
import { paths } from '@/config/paths';

/** /pagina-no-encontrada and every unknown address (the menu is hidden here). */
export default function NotFoundScreen() {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 2, px: 2, textAlign: 'center' }}>
      <Logo />
      <Typography component="h1" variant="h3" sx={{ fontWeight: 700, color: 'primary.main', mt: 2 }}>
        404
      </Typography>
      <Typography component="p" variant="h5">
        {TEXT.notFound.title}
      </Typography>
      <Typography sx={{ color: 'text.secondary' }}>{TEXT.notFound.message}</Typography>
      <Button component={RouterLink} to={paths.home} variant="contained" size="large">
        {TEXT.actions.home}
      </Button>
    </Box>
  );
}
