/**
 * Every sentence a person reads, in one place. SPEC.md texts are spelled exactly as there
 * (including its 'almenos'); the rest are ours.
 */
export const MSG = {
  // SPEC.md §5: fields
  emailInvalid: 'El correo ingresado no es válido.',
  emailRequired: 'Por favor ingrese su correo.',
  passwordRequired: 'Por favor ingrese su contraseña.',
  passwordMin: 'La contraseña debe tener almenos 8 caracteres.',
  confirmRequired: 'Por favor confirme su contraseña.',
  confirmMismatch: 'Las contraseñas ingresadas no coinciden.',
  firstnameRequired: 'Por favor ingrese su nombre.',
  lastnameRequired: 'Por favor ingrese su apellido.',
  profileConfirmMismatch: 'Las contraseñas no coinciden.',

  // SPEC.md §8 and DESIGN.md §4
  loginFailed: 'Correo o contraseña incorrectos.',
  emailInUse: 'Este correo ya está en uso.',
  tooManyAttempts: 'Demasiados intentos. Espera un minuto e inténtalo de nuevo.',
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

  // Reviews (ours)
  ratingInvalid: 'Elija una calificación de 1 a 5 estrellas.',
  commentRequired: 'Por favor escriba un comentario.',
  commentTooLong: 'El comentario no puede superar los 2000 caracteres.',
  reviewPhotoRequired: 'Por favor agregue una foto.',
  uploadNotOurs: 'La imagen debe subirse a Sendero.',
  adminCannotReview: 'Los administradores no publican reseñas.',

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

  // Generic errors (ours)
  validation: 'Revisa los datos ingresados.',
  unknownField: 'Este campo no está permitido.',
  invalidJson: 'El contenido enviado no es un JSON válido.',
  unsupportedMediaType: 'El tipo de contenido no es compatible.',
  unauthorized: 'Tu sesión no es válida o expiró. Ingresa nuevamente.',
  forbidden: 'No tienes permiso para realizar esta acción.',
  notFound: 'No encontramos lo que buscas.',
  placeNotFound: 'No encontramos este destino.',
  userNotFound: 'No encontramos este usuario.',
  ratingNotFound: 'No encontramos esta reseña.',
  payloadTooLarge: 'El contenido enviado es demasiado grande.',
  fileTooLarge: 'La imagen supera el máximo de 10 MB.',
  fileMissing: 'Adjunte una imagen.',
  imageTooManyPixels: 'La imagen es demasiado grande: el máximo es de 40 megapíxeles.',
  tooManyUploads: 'Demasiadas imágenes subidas. Espera un minuto e inténtalo de nuevo.',
  internal: 'Algo salió mal. Inténtalo de nuevo en unos momentos.',
  network: 'No pudimos conectar con el servidor. Revisa tu conexión e inténtalo de nuevo.',
  conflict: 'La operación entra en conflicto con el estado actual.',

  // Web: landing, guide application, not found (ours, except the SPEC.md sentences marked)
  landing: 'Encuentra destinos hermosos a pocas horas de tu ciudad y compártenos tu experiencia.', // SPEC.md §1
  noResults: 'No hemos encontrado el destino que buscas :(', // SPEC.md §2
  guideAlreadySent: 'Ya has enviado tu solicitud para convertirte en guía.', // SPEC.md §2
  guideWhatIs: 'Como guía podrás editar y registrar destinos, y registrar grupos más grandes.',
  guideWhyData:
    'Te pedimos tus redes sociales y que nos cuentes tu experiencia solo para verificar que puedes guiar grupos con seguridad. Estos datos no se comparten con nadie.',
  guidePending: 'Un administrador está revisando tu solicitud.',
  guideRejected: 'Tu solicitud anterior no fue aprobada. Puedes enviar una nueva solicitud.',
  guideApproved: 'Tu solicitud fue aprobada.',
  guideReplaceWarning: 'Tu nueva solicitud reemplazará a la anterior. ¿Deseas continuar?',
  guideSent: 'Tu solicitud fue enviada. Un administrador la revisará pronto.',
  pageNotFound: 'La página que buscas no existe o fue movida.',
} as const;

export type MessageKey = keyof typeof MSG;

/** Error codes of the API error body (DESIGN.md §4). */
export const ERROR_CODES = [
  'VALIDATION_ERROR',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'TOO_MANY_REQUESTS',
  'INTERNAL_ERROR',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];
