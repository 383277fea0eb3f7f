import { AuthCard } from '@/features/auth/components/auth-card';
import { RegisterSuccess } from '@/features/auth/components/register-success';

export default function RegisterSuccessScreen() {
  return (
    <AuthCard title="Registrarme">
      <RegisterSuccess />
    </AuthCard>
  );
}
