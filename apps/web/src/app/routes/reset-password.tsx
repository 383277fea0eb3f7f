import { useSearchParams } from 'react-router';
import { TEXT } from '@sendero/contract';
import { AuthCard } from '@/features/auth/components/auth-card';
import { ResetForm } from '@/features/auth/components/reset-form';

/** /restablecer?token=…: the page the reset mail links to. */
export default function ResetPasswordScreen() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  return (
    <AuthCard title={TEXT.password.resetTitle}>
      <ResetForm token={token} />
    </AuthCard>
  );
}
