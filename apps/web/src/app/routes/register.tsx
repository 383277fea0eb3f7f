import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { AuthCard } from '@/features/auth/components/auth-card';
import { AuthLink } from '@/features/auth/components/auth-link';
import { RegisterForm } from '@/features/auth/components/register-form';
import { TEXT } from '@sendero/contract';

export default function RegisterScreen() {
  const navigate = useNavigate();
  // The success view has its own address (/registro-exitoso), so a reload does not show the form again.
  const onSuccess = () => void navigate(paths.registerSuccess, { replace: true });
  return (
    <AuthCard title={TEXT.auth.registerTitle}>
      <RegisterForm onSuccess={onSuccess} />
      <AuthLink to={paths.login}>{TEXT.auth.toLogin}</AuthLink>
    </AuthCard>
  );
}
