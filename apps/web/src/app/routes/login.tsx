import { useNavigate, useSearchParams } from 'react-router';
import { type LoginResponse, placeIdFromPath, TEXT } from '@sendero/contract';
import { paths } from '@/config/paths';
import { AuthCard } from '@/features/auth/components/auth-card';
import { AuthLink } from '@/features/auth/components/auth-link';
import { LoginForm } from '@/features/auth/components/login-form';
import { SharedPlacePreview } from '@/features/places/components/shared-place-preview';
import { returnPathFrom, withReturn } from '@/lib/return-path';
import { homeFor } from '../layout/guards';

/**
 * docs/product.md#login. With `?volver=` (docs/product.md#sharing): a shared destination's preview
 * above the form, and after signing in the visitor lands on `volver` instead of their
 * role's home (docs/product.md#routes-and-guards).
 */
export default function LoginScreen() {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const volver = returnPathFrom(search);
  const sharedId = volver ? placeIdFromPath(volver.split(/[?#]/)[0]!) : null;
  // An administration screen is no place to return a non-admin to: its guard would send them back here.
  const target = (res: LoginResponse) => (volver && (res.role === 'admin' || !volver.startsWith('/admin/')) ? volver : homeFor(res.role));
  const onSuccess = (res: LoginResponse) => void navigate(target(res), { replace: true });
  return (
    <AuthCard title={TEXT.auth.loginTitle}>
      {sharedId && <SharedPlacePreview placeId={sharedId} />}
      <LoginForm onSuccess={onSuccess} />
      <AuthLink to={paths.forgotPassword}>{TEXT.password.forgotLink}</AuthLink>
      <AuthLink to={withReturn(paths.register, volver)}>{TEXT.auth.toRegister}</AuthLink>
    </AuthCard>
  );
}
