import { useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { AuthCard } from '@/features/auth/components/auth-card';
import { RegisterSuccess } from '@/features/auth/components/register-success';
import { returnPathFrom, withReturn } from '@/lib/return-path';
import { TEXT } from '@sendero/contract';

export default function RegisterSuccessScreen() {
  const [search] = useSearchParams();
  return (
    <AuthCard title={TEXT.auth.registerTitle}>
      <RegisterSuccess loginTo={withReturn(paths.login, returnPathFrom(search))} />
    </AuthCard>
  );
}
