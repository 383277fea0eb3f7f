import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import { type LoginResponse, placeIdFromPath, TEXT } from '@sendero/contract';
import { useHydrated } from '@/boot/hydration';
import { paths } from '@/config/paths';
import { AuthCard } from '@/features/auth/components/auth-card';
import { AuthLink } from '@/features/auth/components/auth-link';
import { LoginForm } from '@/features/auth/components/login-form';
import { SharedPlacePreview } from '@/features/places/components/shared-place-preview';
import { returnPathFrom, withReturn } from '@/lib/return-path';
import { useSession } from '@/lib/session';
import { destinationFor, isAdminOnly } from '../layout/guards';

const NO_QUERY = new URLSearchParams();

/**
 * docs/product.md#login. With `?volver=` (docs/product.md#sharing): a shared destination's preview
 * above the form, and after signing in the visitor lands on `volver` instead of their
 * role's home (docs/product.md#routes-and-guards). Someone already signed in is sent on the same way,
 * unless an administration screen sent them here: then the form stays, under the sentence saying why.
 */
export default function LoginScreen() {
  const navigate = useNavigate();
  // Prerendered at build time without a query or history state (src/boot/prerender.tsx): read once hydrated.
  const hydrated = useHydrated();
  const [params] = useSearchParams();
  const search = hydrated ? params : NO_QUERY;
  const session = useSession();
  const adminOnly = isAdminOnly(useLocation().state) && hydrated;
  const volver = returnPathFrom(search);
  const sharedId = volver ? placeIdFromPath(volver.split(/[?#]/)[0]!) : null;
  const onSuccess = (res: LoginResponse) => void navigate(destinationFor(res.role, volver), { replace: true });
  if (session && !adminOnly) return <Navigate to={destinationFor(session.role, volver)} replace />;
  return (
    <AuthCard title={TEXT.auth.loginTitle}>
      {adminOnly && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {TEXT.auth.adminOnly}
        </Alert>
      )}
      {sharedId && <SharedPlacePreview placeId={sharedId} />}
      <LoginForm onSuccess={onSuccess} />
      <AuthLink to={paths.forgotPassword}>{TEXT.password.forgotLink}</AuthLink>
      <AuthLink to={withReturn(paths.register, volver)}>{TEXT.auth.toRegister}</AuthLink>
    </AuthCard>
  );
}
