import { useCallback, useEffect, useState, type ComponentType } from 'react';
import { onReconnect } from '@/lib/online-status';
import { importWithRetry, reloadForNewDeploy } from './chunk-loading';
import { OfflineScreen } from './offline-screen';
import { PageLoader } from './page-loader';

type ScreenModule = { default: ComponentType };
type Loader = () => Promise<ScreenModule>;

/**
 * A screen whose chunk failed even after a retry. react-router keeps a failed `lazy` forever, so the
 * route gets this component instead: 'Sin conexión' + 'Reintentar' inside the layout, a new try on
 * every visit and as soon as the device is back online, then the real screen.
 *
 * The first failure while the site itself answers means a deploy removed the chunk: the page reloads
 * once (to the new index.html and its new chunk names). It reloads from here, once the route has
 * committed, so the reload lands on the screen the user asked for, not on the one they were leaving.
 */
function recoverableScreen(load: Loader): ComponentType {
  let loaded: ComponentType | null = null;
  let reloadTried = false;

  return function RecoverableScreen() {
    const [Screen, setScreen] = useState<ComponentType | null>(() => loaded);
    const [status, setStatus] = useState<'failed' | 'loading'>('loading');

    const retry = useCallback(async () => {
      setStatus('loading');
      try {
        const mod = await importWithRetry(load);
        loaded = mod.default;
        setScreen(() => mod.default);
      } catch {
        if (!reloadTried) {
          reloadTried = true;
          if (await reloadForNewDeploy()) return; // the page is reloading: keep the loader
        }
        setStatus('failed');
      }
    }, []);

    useEffect(() => {
      if (!loaded) void retry();
      return onReconnect(() => void retry());
    }, [retry]);

    if (Screen) return <Screen />;
    if (status === 'loading') return <PageLoader />;
    return <OfflineScreen onRetry={() => void retry()} />;
  };
}

/** Every screen is its own chunk (the landing budget is 170 KB gzip of JS), loaded by this route `lazy`. */
export function lazyScreen(load: Loader) {
  return async (): Promise<{ Component: ComponentType }> => {
    try {
      return { Component: (await importWithRetry(load)).default };
    } catch {
      return { Component: recoverableScreen(load) };
    }
  };
}
