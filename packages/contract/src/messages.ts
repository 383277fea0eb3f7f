import { HTTP_MSG } from './http-messages.js';

/**
 * Error, validation and status sentences shared by server and web. Texts quoted in docs/product.md are
 * spelled exactly as there (including its 'almenos'); the others are ours.
 */
export const MSG = {
  // docs/product.md#validation: fields
  emailInvalid: 'El correo ingresado no es válido.',
  emailRequired: 'Por favor ingrese su correo.',
  passwordRequired: 'Por favor ingrese su contraseña.',
  passwordMin: 'La contraseña debe tener almenos 8 caracteres.',
  confirmRequired: 'Por favor confirme su contraseña.',
  confirmMismatch: 'Las contraseñas ingresadas no coinciden.',
  firstnameRequired: 'Por favor ingrese su nombre.',
  lastnameRequired: 'Por favor ingrese su apellido.',
  profileConfirmMismatch: 'Las contraseñas no coinciden.',

  // docs/product.md#errors
  loginFailed: 'Correo o contraseña incorrectos.',
  emailInUse: 'Este correo ya está en uso.',
  reviewDuplicate: 'Ya publicaste una reseña de este destino.',
  invalidImage: 'El archivo no es una imagen válida.',
  placeInReview: 'Este destino está en revisión. Un administrador verificará los datos antes de publicarlo.',

  // Place fields (ours)
  placeNameRequired: 'Por favor ingrese el nombre del destino.',
  cityRequired: 'Por favor ingrese la ciudad.',
  difficultyInvalid: 'Seleccione una dificultad: Fácil, Media, Exigente o Difícil.',
  capacityInvalid: 'Ingrese el aforo como un número entero mayor que 0.',
  timeInvalid: 'Ingrese las horas de caminata como números mayores o iguales a 0.',
  timeRange: 'El tiempo mínimo de caminata no puede ser mayor que el máximo.',
  timeCityInvalid: 'Ingrese las horas desde la ciudad como un número mayor o igual a 0.',
  descriptionRequired: 'Por favor ingrese una descripción.',
  howToGetRequired: 'Por favor indique cómo llegar.',
  tipsRequired: 'Por favor ingrese sus recomendaciones.',
  photosRequired: 'Agregue al menos una foto.',
  photosTooMany: 'Puede agregar hasta 10 fotos.',
  textTooLong: 'El texto es demasiado largo.',
  readOnlyField: 'Este campo no se puede modificar.',
  coordinatesTogether: 'Ingrese la latitud y la longitud juntas.', // docs/product.md#planning
  latInvalid: 'Ingrese la latitud como un número entre -90 y 90.',
  lonInvalid: 'Ingrese la longitud como un número entre -180 y 180.',
  invalidCharacters: 'El texto contiene caracteres no válidos.',

  // Reviews (ours)
  ratingInvalid: 'Elija una calificación de 1 a 5 estrellas.',
  commentRequired: 'Por favor escriba un comentario.',
  commentTooLong: 'El comentario no puede superar los 2000 caracteres.',
  reviewPhotoRequired: 'Por favor agregue una foto.',
  uploadNotOurs: 'La imagen debe subirse a Sendero.',
  adminCannotReview: 'Los administradores no publican reseñas.',
  adminCannotEditReview: 'Los administradores no editan reseñas: pueden eliminarlas.',
  reviewUpdateEmpty: 'Indique qué desea cambiar de su reseña.',

  // Trail conditions (docs/product.md#trail-conditions)
  walkedOnInvalid: 'Ingrese la fecha de la caminata.',
  walkedOnFuture: 'La fecha de la caminata no puede ser posterior a hoy.',
  walkedOnTooOld: 'La fecha de la caminata no puede ser de hace más de 2 años.',
  conditionInvalid: 'Elija un estado del sendero de la lista.',
  hazardInvalid: 'Elija los peligros de la lista.',
  hazardsTooMany: 'Puede marcar hasta 5 peligros.',
  hazardsRepeated: 'Cada peligro se marca una sola vez.',
  closureNoteInvalid: 'Escriba el motivo del cierre (entre 3 y 300 caracteres).',
  closureUntilInvalid: 'Ingrese una fecha de reapertura válida.',
  closureUntilPast: 'La fecha de reapertura no puede ser anterior a hoy.',
  closureReopenWithDate: 'Para reabrir el destino, deje la fecha y el motivo vacíos.',

  // docs/product.md#access-facts (ours)
  altitudeInvalid: 'Ingrese la altitud máxima como un número entero de 0 a 7,000 metros.',
  feeInvalid: 'Ingrese la entrada como un monto de 0 a 10,000 soles, con hasta 2 decimales.',
  accessInvalid: 'Elija el tipo de acceso de la lista.',
  quotaInvalid: 'Ingrese el cupo diario como un número entero de 1 a 100,000.',
  closedMonthsInvalid: 'Elija los meses cerrados entre enero y diciembre, cada uno una sola vez.',
  factsSourceInvalid: 'Ingrese la fuente como un enlace que empiece con https://.',
  factsCheckedOnReadOnly: 'La fecha de revisión de los datos la fija el servidor.',
  searchMonthInvalid: 'Elija un mes del 1 al 12.',
  searchFlagInvalid: 'Indique 1 (sí) o 0 (no).',

  // Route tracks (docs/product.md#tracks); TRACK_MSG in track.ts names them for the tracks code.
  // trackInvalid: in HTTP_MSG (http-messages.ts), the API client's sentence for INVALID_TRACK.
  trackTooManyPoints: 'El recorrido tiene demasiados puntos (máximo 200 000).',
  trackTooLarge: 'El archivo supera el tamaño máximo de 10 MB.',
  trackFileMissing: 'Adjunte el archivo del recorrido (GPX o KML).',
  trackNotFound: 'Este destino no tiene un recorrido.',
  trackTooManyUploads: 'Demasiados recorridos subidos. Espera un minuto e inténtalo de nuevo.',

  // Guide application (ours)
  instagramRequired: 'Por favor ingrese su Instagram.',
  facebookRequired: 'Por favor ingrese su Facebook.',
  linkedinRequired: 'Por favor ingrese su LinkedIn.',
  aboutYouRequired: 'Por favor cuéntanos tu experiencia.',
  guideOnlyUsers: 'Solo los usuarios pueden enviar una solicitud para ser guía.',

  // Admin transitions (ours)
  approveNotAllowed: 'La solicitud ya está aprobada.',
  rejectNotAllowed: 'Solo se puede rechazar una solicitud que no esté aprobada ni rechazada.',
  blockNotAllowed: 'Solo se pueden bloquear los beneficios de un guía aprobado.',
  adminTargetNotAllowed: 'No se puede modificar a un administrador.',
  transitionInvalid: 'Ese cambio de estado no está permitido.',

  // Group outings (docs/product.md#outings, and ours for the fields)
  outingGuidesOnly: 'Solo los guías pueden organizar salidas.',
  outingFull: 'Esta salida ya no tiene cupos.',
  outingAlreadyJoined: 'Ya tienes un cupo en esta salida.',
  outingCancelled: 'Esta salida fue cancelada.',
  outingStarted: 'Esta salida ya comenzó.',
  outingOwnGuide: 'No puedes inscribirte en tu propia salida.',
  outingNotJoined: 'No tienes un cupo en esta salida.',
  outingAlreadyCancelled: 'Esta salida ya fue cancelada.',
  outingNotFound: 'No encontramos esta salida.',
  outingAdminCannotJoin: 'Los administradores no se inscriben en salidas.',
  outingDateInvalid: 'Ingrese la fecha y hora de la salida.',
  outingDateTooSoon: 'La salida debe comenzar al menos 1 hora después de ahora.',
  outingDateTooFar: 'La salida debe ser dentro de los próximos 365 días.',
  meetingPointInvalid: 'Indique el punto de encuentro (entre 3 y 200 caracteres).',
  outingDescriptionTooLong: 'La descripción no puede superar los 1000 caracteres.',
  spotsInvalid: 'Ingrese los cupos como un número entero mayor que 0.',
  spotsOverCapacity: 'Los cupos no pueden superar el aforo del destino.',

  // Generic errors (ours)
  unknownField: 'Este campo no está permitido.',
  invalidJson: 'El contenido enviado no es un JSON válido.',
  placeNotFound: 'No encontramos este destino.',
  userNotFound: 'No encontramos este usuario.',
  ratingNotFound: 'No encontramos esta reseña.',
  fileTooLarge: 'La imagen supera el máximo de 10 MB.',
  fileMissing: 'Adjunte una imagen.',
  imageTooManyPixels: 'La imagen es demasiado grande: el máximo es de 40 megapíxeles.',
  tooManyUploads: 'Demasiadas imágenes subidas. Espera un minuto e inténtalo de nuevo.',
  uploadGaveUp: 'No pudimos subir la foto: el servidor está muy ocupado. Lo que escribiste sigue aquí; vuelve a intentarlo en unos minutos.',
  tooManyConnections: 'Demasiadas conexiones abiertas. Espera unos segundos e inténtalo de nuevo.',

  // docs/product.md#sharing
  linkCopyFailed: 'No pudimos copiar el enlace. Cópialo desde la barra de direcciones.',

  // Planning by hours and distance (docs/product.md#planning)
  locationFailed: 'No pudimos obtener tu ubicación.',
  mapFailed: 'No pudimos cargar el mapa.',

  // Saved destinations and the installable app (docs/product.md#saved)
  savedLimit: 'Puedes guardar hasta 100 destinos.',
  saveFailed: 'No pudimos guardar el destino. Inténtalo de nuevo.',
  unsaveFailed: 'No pudimos quitar el destino de tus guardados. Inténtalo de nuevo.',

  // Password recovery and mail (ours)
  resetInvalid: 'El enlace no es válido o ya expiró.',
  linkCopied: 'Enlace copiado.',
  emailNotificationsSaved: 'Tus preferencias de correo se guardaron.',

  // docs/product.md#catalogue
  searchTooLong: 'El texto de búsqueda es demasiado largo.',
  searchCursorInvalid: 'La página pedida no es válida.',
  searchLimitInvalid: 'Ingrese un límite entre 1 y 50.',
  indexLimitInvalid: 'Ingrese un límite entre 1 y 100.',

  // What the API client says of any answer (http-messages.ts)
  ...HTTP_MSG,
} as const;

export type MessageKey = keyof typeof MSG;
