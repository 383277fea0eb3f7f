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
 */
function recoverableScreen(load: Loader): ComponentType {
  let loaded: ComponentType | null = null;

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
      // Online and the site answers: a deploy removed the chunk; the reload fetches the new names.
      if (await reloadForNewDeploy()) return new Promise<never>(() => {});
      return { Component: recoverableScreen(load) };
    }
  };
}
