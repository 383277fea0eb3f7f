import { APP_TEXT } from '@sendero/contract';
import { useOnlineStatus } from '@/lib/online-status';
import styles from './offline-banner.module.css';

/**
 * The offline banner: shown while the device has no network, gone when it comes back. Plain
 * markup and a CSS module (no MUI) so it costs the first bundle almost nothing.
 */
export function OfflineBanner() {
  const online = useOnlineStatus();
  if (online) return null;
  return (
    <p role="status" className={styles.banner}>
      {APP_TEXT.offlineBanner}
    </p>
  );
}
