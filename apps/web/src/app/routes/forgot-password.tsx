import { TEXT } from '@sendero/contract';
import { paths } from '@/config/paths';
import { AuthCard } from '@/features/auth/components/auth-card';
import { AuthLink } from '@/features/auth/components/auth-link';
import { ForgotForm } from '@/features/auth/components/forgot-form';

/** /recuperar: ask for a password-reset link. */
export default function ForgotPasswordScreen() {
  return (
    <AuthCard title={TEXT.password.forgotTitle}>
      <ForgotForm />
      <AuthLink to={paths.login}>{TEXT.auth.backToLogin}</AuthLink>
    </AuthCard>
  );
}
