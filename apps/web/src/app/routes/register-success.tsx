import { useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { AuthCard } from '@/features/auth/components/auth-card';
import { RegisterSuccess } from '@/features/auth/components/register-success';
import { returnPathFrom, withReturn } from '@/lib/return-path';

export default function RegisterSuccessScreen() {
  const [search] = useSearchParams();
  return (
    <AuthCard title="Registrarme">
      <RegisterSuccess loginTo={withReturn(paths.login, returnPathFrom(search))} />
    </AuthCard>
  );
}
