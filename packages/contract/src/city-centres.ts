import type { GeoPoint } from './planning.js';
import { normalize } from './text.js';

/**
 * Where the trailhead picker starts (docs/product.md#planning): the centre of the destination's city
 * when we know it, instead of the whole of Peru. Department capitals and the towns hikers leave from,
 * to two decimals (about a kilometre: the map only needs to open near them). Keys are `normalize`d.
 */
const CITY_CENTRES: Record<string, GeoPoint> = {
  abancay: { lat: -13.64, lon: -72.88 },
  arequipa: { lat: -16.4, lon: -71.54 },
  ayacucho: { lat: -13.16, lon: -74.22 },
  cajamarca: { lat: -7.16, lon: -78.51 },
  canta: { lat: -11.47, lon: -76.62 },
  caraz: { lat: -9.05, lon: -77.81 },
  'cerro de pasco': { lat: -10.68, lon: -76.26 },
  chachapoyas: { lat: -6.23, lon: -77.87 },
  chiclayo: { lat: -6.77, lon: -79.84 },
  chimbote: { lat: -9.07, lon: -78.59 },
  cusco: { lat: -13.53, lon: -71.97 },
  huancavelica: { lat: -12.79, lon: -74.97 },
  huancayo: { lat: -12.07, lon: -75.21 },
  huanuco: { lat: -9.93, lon: -76.24 },
  huaraz: { lat: -9.53, lon: -77.53 },
  ica: { lat: -14.07, lon: -75.73 },
  iquitos: { lat: -3.75, lon: -73.25 },
  lima: { lat: -12.05, lon: -77.04 },
  moquegua: { lat: -17.19, lon: -70.94 },
  moyobamba: { lat: -6.03, lon: -76.97 },
  nazca: { lat: -14.83, lon: -74.94 },
  oxapampa: { lat: -10.58, lon: -75.4 },
  piura: { lat: -5.19, lon: -80.63 },
  pucallpa: { lat: -8.38, lon: -74.55 },
  puno: { lat: -15.84, lon: -70.02 },
  'puerto maldonado': { lat: -12.59, lon: -69.19 },
  tacna: { lat: -18.01, lon: -70.25 },
  tarapoto: { lat: -6.49, lon: -76.36 },
  trujillo: { lat: -8.11, lon: -79.03 },
  tumbes: { lat: -3.57, lon: -80.45 },
  urubamba: { lat: -13.3, lon: -72.12 },
};

/** The centre of `city` (accents, case and spaces aside), or null when we do not know it. */
export function cityCentre(city: string): GeoPoint | null {
  return CITY_CENTRES[normalize(city).replace(/\s+/g, ' ').trim()] ?? null;
}
