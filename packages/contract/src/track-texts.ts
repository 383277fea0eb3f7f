/**
 * Screen sentences of route tracks (docs/product.md#route-tracks): the detail's 'Recorrido' and the
 * form's track field. A module of their own, imported by name, so that only the screens that show a
 * track carry them: the search page's first load and the landing do not (the same reason as
 * first-bundle-texts.ts). The server's answers about tracks (refusals) are in `MSG`.
 */
export const TRACK_TEXT = {
  title: 'Recorrido',
  distance: 'Distancia',
  ascent: 'Desnivel positivo',
  descent: 'Desnivel negativo',
  maxElevation: 'Altitud máxima',
  duration: 'Tiempo estimado',
  /** A figure the file cannot give (no elevation in it). */
  noData: 'Sin datos',
  profile: 'Perfil de elevación',
  profileAxisDistance: 'Distancia (km)',
  profileAxisElevation: 'Altitud (m)',
  /** The keyboard's handle on the profile (a slider): its name and what it says at each point. */
  profilePosition: 'Posición en el perfil de elevación',
  profilePoint: (km: string, meters: string) => `Km ${km}: ${meters} de altitud`,
  profileHint: 'Pasa el dedo o el puntero por el perfil, o usa las flechas del teclado, para ver el punto en el mapa.',
  noProfile: 'Este recorrido no tiene datos de altitud.',
  /** The marker on the map that follows the profile. */
  mapCursor: 'Punto del perfil',
  download: 'Descargar GPX',
  loadFailed: 'No se pudo cargar el recorrido.',
  /** The place form's field. */
  field: 'Recorrido (GPX o KML, opcional)',
  fieldHelp: 'Sube el archivo GPX o KML de tu GPS o de tu aplicación de rutas; calcularemos la distancia, el desnivel y el perfil.',
  pickFile: 'Elegir archivo',
  replaceFile: 'Cambiar archivo',
  remove: 'Quitar recorrido',
  removeQuestion: '¿Quitar el recorrido de este destino?',
  /** The file chosen in the create form, sent once the destination is saved. */
  chosen: (name: string) => `Archivo elegido: ${name}`,
  sentAfterSave: 'Se enviará al guardar el destino.',
  uploading: 'Subiendo recorrido',
  reading: 'Leyendo el recorrido…',
  saved: 'Recorrido guardado.',
  removed: 'Recorrido quitado.',
  /** After 'Finalizar' when the track was refused: the destination itself was created. */
  notSavedAfterCreate: 'El destino se creó, pero el recorrido no se pudo guardar:',
  points: (n: string) => `${n} puntos`,
} as const;
