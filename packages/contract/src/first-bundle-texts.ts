/**
 * The sentences of the web app's first bundle (the landing, the place card and carousel, the shared UI
 * they use), in a module of their own: a bundler puts a whole module in one chunk, so code in the first
 * bundle imports these sections by name (`LANDING_TEXT`) and the other screens' sentences of `TEXT`
 * (texts.ts) stay in their lazy chunks. Tests read them through `TEXT` like every other sentence.
 * This module imports nothing (no zod).
 */

/** Buttons and states shared by many screens. */
export const ACTION_TEXT = {
  cancel: 'Cancelar',
  back: 'Volver',
  loading: 'Cargando',
  retry: 'Reintentar',
  close: 'Cerrar',
  home: 'Volver al inicio',
} as const;

/** Around every screen: the offline banner (docs/product.md#saved), a screen that could not load, a new version. */
export const APP_TEXT = {
  offlineBanner: 'Sin conexión. Puedes ver tus destinos guardados.',
  /** Without a session there are no saved destinations to promise (they belong to a signed-in person). */
  offlineBannerSignedOut: 'Sin conexión.',
  offlineTitle: 'Sin conexión',
  offlineScreen: 'No pudimos cargar esta pantalla. Revisa tu conexión e inténtalo de nuevo.',
  newVersion: 'Hay una nueva versión de Sendero.',
  update: 'Actualizar',
  /** Asked before a page with unsaved changes is left (the browser's own question when the dialog cannot load). */
  unsavedTitle: '¿Salir sin guardar?',
  unsavedBody: 'Tienes cambios sin guardar. Si sales de esta página, se perderán.',
} as const;

/** The landing (docs/product.md#landing). */
export const LANDING_TEXT = {
  brand: 'Sendero',
  logo: 'Sendero, ir al inicio',
  title: 'Inicia esta aventura',
  /** docs/product.md#who-it-is-for */
  message: 'Encuentra destinos hermosos a pocas horas de tu ciudad y compártenos tu experiencia.',
  login: 'Ingresar',
  register: 'Registrarme',
  social: 'Redes sociales',
  instagram: 'Instagram',
  facebook: 'Facebook',
  x: 'X',
  destinations: 'Elige el destino ideal para ti',
  searchLabel: 'Buscar un destino',
  searchPlaceholder: 'Nombre del destino',
  searchReset: 'Borrar búsqueda',
  carousel: 'Destinos',
  guideTitle: '¿Tienes experiencia guiando?',
  guideText: 'Se parte de nuestra comunidad de guías y comparte nuevos destinos',
  join: 'Unirme',
  footer: 'Sendero',
} as const;

/** The side menu and the phone's app bar, around every signed-in screen (docs/product.md#side-menu). */
export const MENU_TEXT = {
  brand: LANDING_TEXT.brand,
  open: 'Abrir menú',
  main: 'Menú principal',
  search: 'Buscar un destino',
  saved: 'Guardados',
  myOutings: 'Mis salidas',
  profile: 'Perfil',
  becomeGuide: 'Convertirme en Guía',
  createPlace: 'Crear un Destino',
  adminUsers: 'Administrar Usuarios',
  adminPlaces: 'Administrar Destinos',
  adminTrailReports: 'Reportes del sendero',
  logout: 'Cerrar Sesión',
} as const;

/** A place card and the carousel of cards, on the landing and the search (docs/product.md#search). */
export const CARD_TEXT = {
  photoOf: (name: string) => `Foto de ${name}`,
  difficulty: 'Dificultad:',
  walk: 'Caminata:',
  seeMore: 'Ver más',
  /** The accessible name of a card's 'Ver más': it starts with the visible words (WCAG 2.5.3). */
  seeMoreOf: (name: string) => `Ver más sobre ${name}`,
  rating: 'Calificación',
  /** A destination with no reviews yet (card, detail, admin list), instead of 0 stars. */
  noReviews: 'Sin reseñas aún',
  /** A temporarily closed destination's mark (docs/product.md#trail-conditions). */
  closed: 'Cerrado temporalmente',
  /** No destination matches the search (docs/product.md#search). */
  noResults: 'No hemos encontrado el destino que buscas :(',
  previous: 'Anterior',
  next: 'Siguiente',
  carousel: 'carrusel',
  track: (label: string) => `${label}: tarjetas`,
  slide: (n: number, count: number) => `${n} de ${count}`,
} as const;
