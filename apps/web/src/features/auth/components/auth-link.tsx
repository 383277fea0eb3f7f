import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';

/** The link under the login and register forms. */
export function AuthLink({ to, children }: { to: string; children: string }) {
  return (
    <Typography sx={{ mt: 3, textAlign: 'center' }}>
      <Link component={RouterLink} to={to} sx={{ fontWeight: 500 }}>
        {children}
      </Link>
    </Typography>
  );
}
