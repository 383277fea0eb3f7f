/** API paths of docs/product.md#calls, used by the server routes and the web client. */
export const API = {
  register: '/api/register',
  login: '/api/login',
  adminLogin: '/api/admin/login',
  user: (id: string) => `/api/user/${id}`,
  users: '/api/users',
  usersRequests: '/api/users/requests',
  userUpdate1: (id: string) => `/api/user/update1/${id}`,
  userUpdate2: (id: string) => `/api/user/update2/${id}`,
  places: '/api/place',
  placesMine: '/api/places/mine',
  place: (id: string) => `/api/place/${id}`,
  placeIndex: (limit?: number) => (limit === undefined ? '/api/place/index' : `/api/place/index?limit=${limit}`),
  placeSearch: (query: Record<string, string | number | undefined>) => {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== '') params.set(k, String(v));
    const qs = params.toString();
    return qs ? `/api/place/search?${qs}` : '/api/place/search';
  },
  placePreview: (id: string) => `/api/place/${id}/preview`,
  placeCreate: '/api/place/create',
  placeVerified: (id: string) => `/api/place/verified/${id}`,
  placeUpdate: (id: string) => `/api/place/update/${id}`,
  placeDelete: (id: string) => `/api/place/delete/${id}`,
  ratingCreate: '/api/rating/create',
  ratings: (placeId: string) => `/api/rating/${placeId}`,
  ratingDelete: (id: string) => `/api/rating/delete/${id}`,
  ratingUpdate: (id: string) => `/api/rating/update/${id}`,
  placeClosure: (id: string) => `/api/place/${id}/closure`,
  /** docs/product.md#access-facts: an admin's 'Confirmar datos'. */
  placeFactsChecked: (id: string) => `/api/place/${id}/facts-checked`,
  /** docs/product.md#tracks: PUT (multipart), DELETE and GET of a place's route track. */
  placeTrack: (id: string) => `/api/place/${id}/track`,
  /** docs/product.md#tracks: the GPX download. */
  placeTrackGpx: (id: string) => `/api/place/${id}/track.gpx`,
  adminTrailReports: '/api/admin/trail-reports',
  admin: (id: string) => `/api/admin/${id}`,
  adminActions: (targetId?: string) => (targetId === undefined ? '/api/admin/actions' : `/api/admin/actions?${new URLSearchParams({ target: targetId })}`),
  upload: (preset?: string) => (preset === undefined ? '/api/upload' : `/api/upload?${new URLSearchParams({ preset })}`),
  health: '/api/health',
  config: '/api/config',
  saved: '/api/saved',
  savedPlace: (placeId: string) => `/api/saved/${placeId}`,
  passwordForgot: '/api/password/forgot',
  passwordReset: '/api/password/reset',
  adminResetLink: (userId: string) => `/api/admin/reset-link/${userId}`,
  outingCreate: '/api/outing/create',
  outingsOfPlace: (placeId: string) => `/api/outing/place/${placeId}`,
  outing: (id: string) => `/api/outing/${id}`,
  outingJoin: (id: string) => `/api/outing/join/${id}`,
  outingLeave: (id: string) => `/api/outing/leave/${id}`,
  outingCancel: (id: string) => `/api/outing/cancel/${id}`,
  outingsMine: '/api/outings/mine',
} as const;
