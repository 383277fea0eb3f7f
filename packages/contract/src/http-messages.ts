/**
 * The sentences the web app's API client gives for any failed call, by status or by a lost signal, and
 * the API's error codes (docs/architecture.md#errors). Part of MSG (messages.ts); a module of its own
 * because the landing's first bundle needs these and not the other ~150 sentences
 * (docs/decisions/027-landing-javascript-budget.md).
 */
export const HTTP_MSG = {
  // Generic errors (ours)
  validation: 'Revisa los datos ingresados.',
  unauthorized: 'Tu sesión no es válida o expiró. Ingresa nuevamente.',
  forbidden: 'No tienes permiso para realizar esta acción.',
  notFound: 'No encontramos lo que buscas.',
  conflict: 'La operación entra en conflicto con el estado actual.',
  payloadTooLarge: 'El contenido enviado es demasiado grande.',
  unsupportedMediaType: 'El tipo de contenido no es compatible.',
  requestTimeout: 'La solicitud tardó demasiado. Inténtalo de nuevo.',
  internal: 'Algo salió mal. Inténtalo de nuevo en unos momentos.',
  serviceUnavailable: 'El servicio no está disponible en este momento. Inténtalo de nuevo en unos segundos.',
  network: 'No pudimos conectar con el servidor. Revisa tu conexión e inténtalo de nuevo.',
  // Route tracks (docs/product.md#tracks)
  trackInvalid: 'El archivo no es un recorrido GPX o KML válido.',
  useSearch: 'Hay demasiados destinos para enviarlos todos: usa la búsqueda.',
  // docs/product.md#errors
  tooManyAttempts: 'Demasiados intentos. Espera un minuto e inténtalo de nuevo.',
  // Weak or lost signal (ours; the offline banner and screen are in the texts, APP_TEXT)
  offline: 'Necesitas conexión para hacer esto.',
  // docs/product.md#sharing
  timeout: 'El servidor tardó demasiado en responder. Revisa tu conexión e inténtalo de nuevo.',
} as const;

/** Error codes of the API error body (docs/architecture.md#errors). */
export const ERROR_CODES = [
  'VALIDATION_ERROR',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'INVALID_TRACK',
  'USE_SEARCH',
  'UNSUPPORTED_MEDIA_TYPE',
  'TOO_MANY_REQUESTS',
  'REQUEST_TIMEOUT',
  'INTERNAL_ERROR',
  'SERVICE_UNAVAILABLE',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];
