import { useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/**
 * A screen opened from another (a link, a redirect) starts at its top: without this, 'Ver más' followed
 * from a card far down the search screen opened the destination with its photo scrolled away under the
 * top bar. Back and Forward (POP) leave the browser's own restoring alone; a navigation that keeps the
 * path (a dialog's history entry, the search's address) keeps the scroll.
 */
export function useNewScreenAtTop(): void {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  const shown = useRef(pathname);
  useLayoutEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [pathname, navigationType]);
}
