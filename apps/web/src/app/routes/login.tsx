import { useNavigate } from 'react-router';
import { MSG, type LoginResponse, TEXT } from '@sendero/contract';
import { paths } from '@/config/paths';
import { AuthCard } from '@/features/auth/components/auth-card';
import { AuthLink } from '@/features/auth/components/auth-link';
import { LoginForm } from '@/features/auth/components/login-form';
import { homeFor } from '../layout/guards';

export default function LoginScreen() {
  const navigate = useNavigate();
  const onSuccess = (res: LoginResponse) => void navigate(homeFor(res.role), { replace: true });
  return (
    <AuthCard title={TEXT.auth.loginTitle}>
      <LoginForm onSuccess={onSuccess} />
      <AuthLink to={paths.forgotPassword}>{MSG.forgotLink}</AuthLink>
      <AuthLink to={paths.register}>{TEXT.auth.toRegister}</AuthLink>
    </AuthCard>
  );
}
