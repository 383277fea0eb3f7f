/** Business constants (docs/product.md#constants), shared by server and web. */

export const DIFFICULTIES = ['Fácil', 'Media', 'Exigente', 'Difícil'] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];

/** The search dropdown spells the difficulties without accents (docs/product.md#search). */
export const SEARCH_DIFFICULTY_OPTIONS = ['Facil', 'Media', 'Exigente', 'Dificil'] as const;
export const SEARCH_DIFFICULTY_EMPTY_LABEL = 'Seleccione una dificultad';

export const ROLES = ['user', 'guide', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const STATUSES = ['none', 'Enviado', 'Aprobado', 'Rechazado'] as const;
export type Status = (typeof STATUSES)[number];
/** Statuses that mean the user has applied to be a guide at some point. */
export const APPLICATION_STATUSES = ['Enviado', 'Aprobado', 'Rechazado'] as const;

export const PASSWORD_MIN_LENGTH = 8;
export const COMMENT_MAX_LENGTH = 2000;
export const TEXT_MAX_LENGTH = 5000;
export const NAME_MAX_LENGTH = 120;
export const MAX_PLACE_PHOTOS = 10;

export const RATING_MIN = 1;
export const RATING_MAX = 5;
export const RATING_LABELS: Record<1 | 2 | 3 | 4 | 5, string> = {
  1: 'Pésimo',
  2: 'Malo',
  3: 'Regular',
  4: 'Bueno',
  5: 'Excelente',
};
export const RATING_INPUT_PRECISION = 1;
export const RATING_DISPLAY_PRECISION = 0.1;

export const TOAST_AUTO_HIDE_MS = 3000;

/** A JSON request that has not finished after this long is aborted and reported (weak signal). */
export const REQUEST_TIMEOUT_MS = 20_000;

export const DETAIL_CAROUSEL = { autoplayMs: 3000, transitionMs: 500, dots: true, pauseOnHover: true } as const;

/**
 * Card carousel slides by viewport width. Each entry: up to `maxWidth` px, show `slides` cards
 * (docs/product.md#constants). Wider than the last entry keeps the last count.
 */
export interface SlideBreakpoint {
  maxWidth: number;
  slides: number;
}
export const LANDING_CAROUSEL_BREAKPOINTS: readonly SlideBreakpoint[] = [
  { maxWidth: 700, slides: 1 },
  { maxWidth: 950, slides: 2 },
  { maxWidth: 1300, slides: 3 },
  { maxWidth: 1800, slides: 4 },
  { maxWidth: 2600, slides: 5 },
];
export const SEARCH_CAROUSEL_BREAKPOINTS: readonly SlideBreakpoint[] = [
  { maxWidth: 600, slides: 1 },
  { maxWidth: 900, slides: 1 },
  { maxWidth: 1150, slides: 2 },
  { maxWidth: 1500, slides: 3 },
  { maxWidth: 1800, slides: 4 },
  { maxWidth: 2600, slides: 5 },
];
export function slidesForWidth(width: number, breakpoints: readonly SlideBreakpoint[]): number {
  for (const bp of breakpoints) if (width <= bp.maxWidth) return bp.slides;
  return breakpoints[breakpoints.length - 1]?.slides ?? 1;
}

export const MODAL_WIDTH = { review: 600, delete: 400 } as const;
export const SIDE_MENU_WIDTH = 240;

export const COLORS = { purple: '#9f2dc7', coral: '#FF7B5F' } as const;

export const ADMIN_PAGE_SIZE = 20;

/** Image uploads (docs/product.md#images). */
export const UPLOAD_PRESETS = ['place', 'rating', 'user'] as const;
export type UploadPreset = (typeof UPLOAD_PRESETS)[number];
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
export const UPLOAD_MAX_PIXELS = 40_000_000;
export const UPLOAD_LONGEST_SIDE = 1600;
export const UPLOAD_VARIANT_WIDTHS = [400, 800] as const;
export const UPLOAD_ACCEPT = 'image/jpeg,image/png,image/webp,image/avif';
/** Crop aspect ratios applied in the browser before upload. */
export const UPLOAD_CROP_ASPECT: Record<UploadPreset, number | null> = { place: null, rating: 4 / 3, user: 1 };
/** Uploaded files are served under this prefix; `photo_url` values must start with it. */
export const UPLOADS_PATH_PREFIX = '/uploads/';

export const ADMIN_ACTIONS = [
  'verify',
  'unverify',
  'delete_place',
  'approve',
  'reject',
  'block_guide',
  'delete_rating',
  'reset_link',
  'cancel_outing',
  'close_place',
  'reopen_place',
  'confirm_facts',
] as const;
export type AdminActionKind = (typeof ADMIN_ACTIONS)[number];
export const ADMIN_ACTION_TARGETS = ['user', 'place', 'rating', 'outing'] as const;

/** How the admin screens name a guide application status; 'none' reads 'Sin solicitud'. */
export const STATUS_LABELS: Record<Status, string> = {
  none: 'Sin solicitud',
  Enviado: 'Enviado',
  Aprobado: 'Aprobado',
  Rechazado: 'Rechazado',
};

export const ROLE_LABELS: Record<Role, string> = { user: 'Usuario', guide: 'Guía', admin: 'Administrador' };

/** What each entry of the admin actions log says, as "{admin} {label}". */
export const ADMIN_ACTION_LABELS: Record<AdminActionKind, string> = {
  verify: 'verificó el destino y lo mostró a los usuarios',
  unverify: 'bloqueó las visitas al destino',
  delete_place: 'eliminó el destino',
  approve: 'aprobó la solicitud de guía',
  reject: 'rechazó la solicitud de guía',
  block_guide: 'bloqueó los beneficios de guía',
  delete_rating: 'eliminó una reseña',
  reset_link: 'generó un enlace de recuperación de contraseña',
  cancel_outing: 'canceló una salida grupal',
  close_place: 'cerró temporalmente el destino',
  reopen_place: 'reabrió el destino',
  confirm_facts: 'confirmó los datos de acceso del destino',
};

/** Trailhead coordinates, WGS84 degrees (docs/product.md#planning). */
export const LAT_LIMIT = 90;
export const LON_LIMIT = 180;

/** Saved destinations (docs/product.md#saved): at most this many per user. */
export const SAVED_PLACES_MAX = 100;

/**
 * The catalogue (docs/product.md#catalogue): above this many verified places the whole browsing index
 * is not sent (413 USE_SEARCH) and the search screen asks the server page by page.
 */
export const PLACE_INDEX_MAX = 20_000;
/** The landing's first page of the index (`?limit=`), and the most `?limit=` may ask. */
export const LANDING_FIRST_PAGE = 12;
export const PLACE_INDEX_LIMIT_MAX = 100;
/** Server search pages: default and most items per page; longest accepted filter text. */
export const SEARCH_PAGE_DEFAULT = 24;
export const SEARCH_PAGE_MAX = 50;
/** The server search counts at most this many matches; beyond it the total says 'more than' (docs/decisions/029-search-indexes.md). */
export const SEARCH_COUNT_CAP = 1000;
export const SEARCH_TEXT_MAX = 100;
/** Password recovery (docs/product.md#password-recovery): a reset link works once, for this long. */
export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;
/** Group outings (docs/product.md#outings). */
export const OUTING_STATUSES = ['abierta', 'cancelada'] as const;
export type OutingStatus = (typeof OUTING_STATUSES)[number];
export const OUTING_MIN_LEAD_MS = 60 * 60 * 1000;
export const OUTING_MAX_AHEAD_DAYS = 365;
export const OUTING_MAX_AHEAD_MS = OUTING_MAX_AHEAD_DAYS * 24 * 60 * 60 * 1000;
export const MEETING_POINT_MIN_LENGTH = 3;
export const MEETING_POINT_MAX_LENGTH = 200;
export const OUTING_DESCRIPTION_MAX_LENGTH = 1000;
/** `GET /api/outings/mine` lists at most this many outings in each list. */
export const OUTINGS_MINE_LIMIT = 50;
/** Outing dates are shown (and typed) in Peru's time, whatever the browser's zone. */
export const OUTING_LOCALE = 'es-PE';
export const OUTING_TIME_ZONE = 'America/Lima';
/** Peru keeps UTC-5 all year (no daylight saving time since 1994). */
export const OUTING_TIME_ZONE_OFFSET = '-05:00';
