import { APP_TEXT } from '@sendero/contract';
import { useOnlineStatus } from '@/lib/online-status';
import { useSession } from '@/lib/session';
import styles from './offline-banner.module.css';

/**
 * The offline banner: shown while the device has no network, gone when it comes back. Plain
 * markup and a CSS module (no MUI) so it costs the first bundle almost nothing. Saved destinations
 * are promised only with a session (after 'Cerrar Sesión' there are none to see).
 */
export function OfflineBanner() {
  const online = useOnlineStatus();
  const session = useSession();
  if (online) return null;
  return (
    <p role="status" className={styles.banner}>
      {session ? APP_TEXT.offlineBanner : APP_TEXT.offlineBannerSignedOut}
    </p>
  );
}
