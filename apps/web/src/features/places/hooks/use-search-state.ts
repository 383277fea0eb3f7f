import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { readSearchState, writeSearchState, type SearchState } from '@sendero/contract';

/**
 * The search page's whole state in the URL (docs/product.md#search's three filters and docs/product.md#planning's hours, duration,
 * order and view), so a search survives a reload and can be shared. The controls read local state,
 * updated at once on each keystroke (the URL follows a moment later, which would move the caret of a
 * field bound to it directly); a URL changed from outside (back and forward) is copied back. Junk in
 * the URL (an unknown order, negative hours) is dropped from it and the default shows.
 */
export function useSearchState(): [SearchState, (next: Partial<SearchState>) => void] {
  const [params, setParams] = useSearchParams();
  const [value, setValue] = useState<SearchState>(() => readSearchState(params));
  const written = useRef<string | null>(null);

  useEffect(() => {
    const current = params.toString();
    if (current === written.current) return;
    const state = readSearchState(params);
    const canonical = writeSearchState(state, params).toString();
    written.current = canonical;
    setValue(state);
    if (canonical !== current) setParams(new URLSearchParams(canonical), { replace: true });
  }, [params, setParams]);

  const update = (next: Partial<SearchState>) => {
    const merged = { ...value, ...next };
    setValue(merged);
    const out = writeSearchState(merged, params);
    written.current = out.toString();
    setParams(out, { replace: true });
  };
  return [value, update];
}
