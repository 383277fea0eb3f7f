import { useNavigate } from 'react-router';
import Typography from '@mui/material/Typography';
import type { LoginResponse } from '@sendero/contract';
import { AuthCard } from '@/features/auth/components/auth-card';
import { LoginForm } from '@/features/auth/components/login-form';
import { homeFor } from '../layout/guards';
import { TEXT } from '@sendero/contract';

/** docs/product.md#login: the same form against the admin endpoint, with the alert on failure. */
export default function AdminLoginScreen() {
  const navigate = useNavigate();
  const onSuccess = (res: LoginResponse) => void navigate(homeFor(res.role), { replace: true });
  return (
    <AuthCard title={TEXT.auth.loginTitle}>
      <Typography sx={{ textAlign: 'center', mt: -2, mb: 3, color: 'text.secondary' }}>{TEXT.auth.adminSubtitle}</Typography>
      <LoginForm asAdmin onSuccess={onSuccess} />
    </AuthCard>
  );
}
