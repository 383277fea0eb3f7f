import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/** Query parameter names of the admin lists (the filters live in the URL, Geotrek habit). */
export const LIST_PARAMS = { filter: 'estado', search: 'buscar', page: 'pagina' } as const;

export interface ListParams<F extends string> {
  /** The chosen filter value, or '' for "Todos" (also when the URL holds an unknown value). */
  filter: F | '';
  search: string;
  /** 1-based; not clamped to the number of pages (the list does that once it knows the rows). */
  page: number;
  setFilter: (value: F | '') => void;
  setSearch: (value: string) => void;
  setPage: (page: number) => void;
}

/**
 * Filter, search text and page of an admin list, read from and written to the URL query with
 * URLSearchParams. Changing the filter or the search goes back to the first page. Writes replace
 * the history entry, so Back leaves the list instead of undoing keystrokes.
 */
export function useListParams<F extends string>(filters: readonly F[]): ListParams<F> {
  const [params, setParams] = useSearchParams();
  const raw = params.get(LIST_PARAMS.filter) ?? '';
  const filter = (filters as readonly string[]).includes(raw) ? (raw as F) : '';
  const search = params.get(LIST_PARAMS.search) ?? '';
  const parsedPage = Number.parseInt(params.get(LIST_PARAMS.page) ?? '', 10);
  const page = Number.isFinite(parsedPage) && parsedPage > 0 ? parsedPage : 1;

  const update = useCallback(
    (name: string, value: string, resetPage: boolean) => {
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (value) next.set(name, value);
          else next.delete(name);
          if (resetPage) next.delete(LIST_PARAMS.page);
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );

  return {
    filter,
    search,
    page,
    setFilter: useCallback((value) => update(LIST_PARAMS.filter, value, true), [update]),
    setSearch: useCallback((value) => update(LIST_PARAMS.search, value, true), [update]),
    setPage: useCallback((value) => update(LIST_PARAMS.page, value > 1 ? String(value) : '', false), [update]),
  };
}

/** The rows of one page and the page actually shown (a page past the end shows the last one). */
export function paginate<T>(rows: readonly T[], page: number, pageSize: number): { rows: T[]; page: number; pageCount: number } {
  const pageCount = Math.max(1, Math.ceil(rows.length / pageSize));
  const current = Math.min(Math.max(1, page), pageCount);
  return { rows: rows.slice((current - 1) * pageSize, current * pageSize), page: current, pageCount };
}
