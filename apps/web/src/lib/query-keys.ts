import type { FactsSearchParams, SearchFilters, Status } from '@sendero/contract';

/**
 * Every TanStack Query key of the web app, in one registry (docs/architecture.md#web), so a mutation in
 * one feature invalidates another feature's data without importing it. Keys are hierarchical:
 * invalidating `queryKeys.places.all` also refreshes every list under it.
 */
export const queryKeys = {
  places: {
    all: ['places'] as const,
    list: ['places'] as const,
    /** GET /api/place/index (whole) and its first page; GET /api/place/search pages. */
    index: ['places', 'index'] as const,
    firstPage: ['places', 'index', 'first-page'] as const,
    /** GET /api/places/mine: the profile's 'Mis destinos' (one per signed-in user of this browser). */
    mine: (userId: string) => ['places', 'mine', userId] as const,
    search: (filters: SearchFilters & FactsSearchParams) =>
      [
        'places',
        'search',
        { name: filters.name ?? '', city: filters.city ?? '', difficulty: filters.difficulty ?? '', open: filters.open ?? null, free: filters.free ?? null, no_agency: filters.no_agency ?? null },
      ] as const,
  },
  place: (id: string) => ['place', id] as const,
  /** GET /api/place/{id}/track: the line and the profile (docs/product.md#route-tracks). */
  track: (placeId: string) => ['track', placeId] as const,
  /** GET /api/place/{id}/preview (anonymous: the same for everyone). */
  placePreview: (id: string) => ['place-preview', id] as const,
  ratings: (placeId: string) => ['ratings', placeId] as const,
  user: (id: string) => ['user', id] as const,
  admin: (id: string) => ['admin', id] as const,
  users: {
    all: ['users'] as const,
    byStatus: (status?: Status) => ['users', { status: status ?? 'all' }] as const,
  },
  /** GET /api/admin/trail-reports (docs/product.md#trail-conditions). */
  trailReports: ['trail-reports'] as const,
  adminActions: {
    all: ['admin-actions'] as const,
    of: (targetId: string) => ['admin-actions', targetId] as const,
  },
  saved: {
    of: (userId: string) => ['saved', userId] as const,
    offline: (userId: string, placeId: string) => ['saved', userId, 'offline', placeId] as const,
  },
  outings: {
    all: ['outings'] as const,
    ofPlace: (placeId: string) => ['outings', 'place', placeId] as const,
    /** Every user's 'Mis salidas' (one per signed-in user of this browser). */
    mineAll: ['outings', 'mine'] as const,
    mine: (userId: string) => ['outings', 'mine', userId] as const,
  },
  publicConfig: ['public-config'] as const,
} as const;
