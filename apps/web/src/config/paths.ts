import type { PLACE_PAGE_PATTERN } from '@sendero/contract';

/** Every route of docs/product.md#routes-and-guards in one place, with builders for the ones that take an id. */
export const paths = {
  home: '/',
  login: '/ingresar',
  register: '/registro',
  registerSuccess: '/registro-exitoso',
  adminLogin: '/admin/ingresar',
  search: '/buscar-destino',
  // The contract's PLACE_PAGE_PATTERN (the server finds the page's preloads by it); a literal, as vite.config.ts loads this file.
  placeDetailPattern: '/buscar-destino/destino/:id' satisfies typeof PLACE_PAGE_PATTERN,
  placeDetail: (id: string) => `/buscar-destino/destino/${encodeURIComponent(id)}`,
  profile: '/perfil',
  saved: '/guardados',
  myOutings: '/mis-salidas',
  guide: '/convertirme-en-guia',
  createPlace: '/crear-destino',
  adminUsers: '/admin/usuarios',
  adminUserPattern: '/admin/usuario/:id',
  adminUser: (id: string) => `/admin/usuario/${encodeURIComponent(id)}`,
  adminPlaces: '/admin/destinos',
  adminPlacePattern: '/admin/destinos/:id',
  adminPlace: (id: string) => `/admin/destinos/${encodeURIComponent(id)}`,
  adminTrailReports: '/admin/reportes',
  notFound: '/pagina-no-encontrada',
  forgotPassword: '/recuperar',
  resetPassword: '/restablecer',
} as const;

/** Routes where the side menu is never shown (docs/product.md#routes-and-guards). */
export const MENU_HIDDEN_PATHS: readonly string[] = [
  paths.home,
  paths.login,
  paths.register,
  paths.registerSuccess,
  paths.adminLogin,
  paths.notFound,
  paths.forgotPassword,
  paths.resetPassword,
];
