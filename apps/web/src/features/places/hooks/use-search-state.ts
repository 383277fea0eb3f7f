import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { isLeavingScreen } from '@/lib/leaving-screen';
import { readSearchState, writeSearchState, type SearchState } from '@sendero/contract';

/** How long typed text waits for a pause in typing before it reaches the URL (see useSearchState). */
export const URL_WRITE_DELAY_MS = 300;

const TYPED: ReadonlySet<string> = new Set(['name', 'city']);

/**
 * The search page's whole state in the URL (docs/product.md#search's three filters and docs/product.md#planning's hours, duration,
 * order and view), so a search survives a reload and can be shared. The controls read local state,
 * updated at once on each keystroke (the URL follows a moment later, which would move the caret of a
 * field bound to it directly); a URL changed from outside (back and forward) is copied back. Junk in
 * the URL (an unknown order, negative hours) is dropped from it and the default shows.
 *
 * Typed text (name, city) reaches the URL after a pause in typing (URL_WRITE_DELAY_MS): writing the URL
 * is a navigation that re-renders the whole frame, menu included, too much work for every keystroke on
 * a phone (docs/product.md#catalogue). A choice (difficulty, order, view) or a cleared field is
 * written right after the frame that shows it is painted (not inside the event, whose paint would
 * wait for that navigation). The setter is stable, so memoized controls do not re-render for another field.
 */
function later(run: () => void, ms: number): () => void {
  const timer = setTimeout(run, ms);
  return () => clearTimeout(timer);
}

/** Runs `run` in a task after the next paint (requestAnimationFrame runs just before it). */
function afterPaint(run: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(run, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

export function useSearchState(): [SearchState, (next: Partial<SearchState>) => void] {
  const [params, setParams] = useSearchParams();
  // This screen's path: a write that comes once the router has moved elsewhere is dropped.
  const { pathname } = useLocation();
  const pathnameRef = useRef(pathname);
  pathnameRef.current = pathname;
  const [value, setValue] = useState<SearchState>(() => readSearchState(params));
  // The latest state, also between an update and its render (two updates in one event merge).
  const latest = useRef(value);
  // react-router's setter changes with every address; the update below must not.
  const setParamsRef = useRef(setParams);
  setParamsRef.current = setParams;
  const written = useRef<string | null>(null);
  // Cancels the scheduled write of the address, if any.
  const pending = useRef<() => void>(() => undefined);

  useEffect(() => {
    const current = params.toString();
    if (current === written.current) return;
    const state = readSearchState(params);
    const canonical = writeSearchState(state, params).toString();
    written.current = canonical;
    pending.current();
    // The address the screen first rendered from (on mount, and so in the effects of a hydration): no
    // new state, whose render would be the whole screen's again in one task.
    if (writeSearchState(latest.current, params).toString() !== canonical) {
      latest.current = state;
      setValue(state);
    }
    if (canonical !== current) setParams(new URLSearchParams(canonical), { replace: true });
  }, [params, setParams]);

  // Leaving the screen within the pause: the address no longer belongs to it.
  useEffect(() => () => pending.current(), []);

  const update = useCallback((next: Partial<SearchState>) => {
    const merged = { ...latest.current, ...next };
    latest.current = merged;
    setValue(merged);
    pending.current();
    const write = () => {
      // A navigation away (e.g. 'Ver más' while the next screen's code loads, or once it has arrived
      // and the next screen is still rendering) must not be undone, or given this screen's query, by a
      // late write of the search address; the router's state is read now, as the click's navigation
      // may have started, or ended, before this screen re-renders.
      if (isLeavingScreen(pathnameRef.current)) return;
      const out = writeSearchState(merged, new URLSearchParams(window.location.search));
      written.current = out.toString();
      setParamsRef.current(out, { replace: true });
    };
    const typing = Object.entries(next).some(([key, v]) => TYPED.has(key) && v !== '');
    pending.current = typing ? later(write, URL_WRITE_DELAY_MS) : afterPaint(write);
  }, []);
  return [value, update];
}
