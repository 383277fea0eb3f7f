/**
 * What the screens say about route tracks (docs/product.md#tracks): the detail's 'Recorrido' and the
 * form's track field, and the figures as text. A module of its own, without zod (the schemas are in
 * track.ts), imported by name, so that only the screens that show a track carry it: neither the
 * landing nor the search page's first load do (the reason first-bundle-texts.ts exists). What the
 * server answers about tracks (refusals) is in `MSG` (`TRACK_MSG`).
 */
export const TRACK_TEXT = {
  title: 'Recorrido',
  distance: 'Distancia',
  ascent: 'Desnivel positivo',
  descent: 'Desnivel negativo',
  maxEle: 'Altitud máxima',
  duration: 'Tiempo estimado',
  /** A figure the file cannot give (no elevation in it). */
  noData: 'Sin datos',
  profile: 'Perfil de elevación',
  profileDistanceAxis: 'Distancia (km)',
  profileEleAxis: 'Altitud (m)',
  /** The keyboard's handle on the profile (a slider): its name and what it says at each point. */
  profilePosition: 'Posición en el perfil de elevación',
  profilePoint: (km: string, metres: string) => `Km ${km}: ${metres} de altitud`,
  profileHint: 'Pasa el dedo o el puntero por el perfil, o usa las flechas del teclado, para ver el punto en el mapa.',
  noElevation: 'El archivo no tiene altitudes: sin perfil de elevación.',
  download: 'Descargar GPX',
  loadFailed: 'No se pudo cargar el recorrido.',
  /** The place form's field. */
  formField: 'Recorrido (GPX o KML, opcional)',
  fieldHelp: 'Sube el archivo GPX o KML de tu GPS o de tu aplicación de rutas: calcularemos la distancia, el desnivel y el perfil.',
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
} as const;

// ---------------------------------------------------------------------------------------------
// Figures as text
// ---------------------------------------------------------------------------------------------

const thousands = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** '12.3 km' (one decimal); under 100 m still in km ('0.1 km'). */
export function trackDistanceText(m: number): string {
  return `${trackKmNumber(m)} km`;
}

/** The kilometres alone, one decimal ('12.3', '1,234.6'), as the profile's axis and position say them. */
export function trackKmNumber(m: number): string {
  const km = Math.round(m / 100) / 10;
  const [whole, decimal] = km.toFixed(1).split('.');
  return `${thousands(Number(whole))}.${decimal}`;
}

/** '1,250 m' (elevations and climbs, whole metres). */
export const trackMetresText = (m: number): string => `${thousands(Math.round(m))} m`;

/** '5 h 30 min', '45 min', '3 h'. */
export function trackDurationText(minutes: number): string {
  const total = Math.max(0, Math.round(minutes));
  const h = Math.floor(total / 60);
  const min = total % 60;
  if (h === 0) return `${min} min`;
  return min === 0 ? `${h} h` : `${h} h ${min} min`;
}
