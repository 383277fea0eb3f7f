import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { placeIdFromPath, TEXT } from '@sendero/contract';
import { useHydrated } from '@/boot/hydration';
import { paths } from '@/config/paths';
import { AuthCard } from '@/features/auth/components/auth-card';
import { AuthLink } from '@/features/auth/components/auth-link';
import { RegisterForm } from '@/features/auth/components/register-form';
import { SharedPlacePreview } from '@/features/places/components/shared-place-preview';
import { returnPathFrom, withReturn } from '@/lib/return-path';
import { useSession } from '@/lib/session';
import { destinationFor } from '../layout/guards';

const NO_QUERY = new URLSearchParams();

/**
 * docs/product.md#register; `volver` is shown and carried on to the login (docs/product.md#sharing).
 * Someone already signed in has nothing to register: they are sent on, as from the login.
 */
export default function RegisterScreen() {
  const navigate = useNavigate();
  // Prerendered at build time without a query (src/boot/prerender.tsx): read once hydrated.
  const hydrated = useHydrated();
  const [params] = useSearchParams();
  const search = hydrated ? params : NO_QUERY;
  const session = useSession();
  const volver = returnPathFrom(search);
  const sharedId = volver ? placeIdFromPath(volver.split(/[?#]/)[0]!) : null;
  // The success view has its own address (/registro-exitoso), so a reload does not show the form again.
  const onSuccess = () => void navigate(withReturn(paths.registerSuccess, volver), { replace: true });
  if (session) return <Navigate to={destinationFor(session.role, volver)} replace />;
  return (
    <AuthCard title={TEXT.auth.registerTitle}>
      {sharedId && <SharedPlacePreview placeId={sharedId} />}
      <RegisterForm onSuccess={onSuccess} />
      <AuthLink to={withReturn(paths.login, volver)}>{TEXT.auth.toLogin}</AuthLink>
    </AuthCard>
  );
}
