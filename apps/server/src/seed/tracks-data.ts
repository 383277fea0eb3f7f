import { EARTH_RADIUS_M, type TrackPoint } from '@sendero/contract';

/**
 * Route tracks of the sample destinations (docs/product.md#first-run, docs/product.md#tracks): made
 * here from each trailhead and a plausible route, so a newcomer sees the feature on the first start.
 * They are drawn, not surveyed: each route is a few legs (a heading, a length, the elevation at the
 * leg's end, from the destination's public descriptions), walked in steps of about 12 m that wander
 * like a path does, with the elevation of a GPS (a metre or two of noise). Deterministic: the same
 * points on every installation.
 */

export interface RouteLeg {
  /** Heading in degrees from north. */
  bearing: number;
  km: number;
  /** Elevation at the leg's end, in metres. */
  toEle: number;
}

export interface SampleRoute {
  /** Elevation at the trailhead, in metres. */
  startEle: number;
  legs: RouteLeg[];
  /** 'out-and-back': the same path back down; 'loop': the legs come back to the start by themselves. */
  shape: 'out-and-back' | 'loop';
}

/** By the sample destination's name (places-data.ts). */
export const SAMPLE_ROUTES: Record<string, SampleRoute> = {
  // Cebollapampa (3,900 m) to Laguna 69 (4,600 m): meadows up the valley, switchbacks past the
  // waterfalls to a plateau near 4,400 m, the last steep climb to the lake. About 7 km each way.
  'Laguna 69': {
    startEle: 3900,
    shape: 'out-and-back',
    legs: [
      { bearing: 20, km: 1.8, toEle: 3960 },
      { bearing: 60, km: 1.2, toEle: 4180 },
      { bearing: 340, km: 1.4, toEle: 4400 },
      { bearing: 10, km: 1.5, toEle: 4440 },
      { bearing: 330, km: 1.0, toEle: 4600 },
    ],
  },
  // Pitec (3,850 m) to Laguna Churup (4,450 m): a ridge east, the moraine, the cabled rock step. About 4.5 km each way.
  'Laguna Churup': {
    startEle: 3850,
    shape: 'out-and-back',
    legs: [
      { bearing: 80, km: 1.5, toEle: 4080 },
      { bearing: 45, km: 1.6, toEle: 4300 },
      { bearing: 95, km: 1.0, toEle: 4400 },
      { bearing: 60, km: 0.4, toEle: 4450 },
    ],
  },
  // The reserve's circuit from the visitors' centre (about 300 m): up the hills to the viewpoints near 650 m and round.
  'Lomas de Lachay': {
    startEle: 310,
    shape: 'loop',
    legs: [
      { bearing: 45, km: 1.4, toEle: 480 },
      { bearing: 100, km: 1.2, toEle: 650 },
      { bearing: 190, km: 1.3, toEle: 520 },
      { bearing: 280, km: 1.35, toEle: 390 },
      { bearing: 332, km: 0.75, toEle: 310 },
    ],
  },
  // San Pedro de Casta (3,200 m) up to the Marcahuasi plateau (about 4,000 m), along the plateau to the Monumento a la Humanidad.
  Marcahuasi: {
    startEle: 3200,
    shape: 'out-and-back',
    legs: [
      { bearing: 70, km: 1.2, toEle: 3500 },
      { bearing: 20, km: 1.5, toEle: 3850 },
      { bearing: 80, km: 1.3, toEle: 3960 },
      { bearing: 120, km: 1.0, toEle: 4000 },
    ],
  },
  // The car park (4,800 m) to the Pastoruri glacier's edge (about 5,000 m), about 2.5 km each way.
  'Nevado Pastoruri': {
    startEle: 4800,
    shape: 'out-and-back',
    legs: [
      { bearing: 120, km: 1.2, toEle: 4880 },
      { bearing: 85, km: 1.3, toEle: 5000 },
    ],
  },
};

/** A deterministic pseudo-random sequence (mulberry32). */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const STEP_M = 12;
const round = (v: number, digits: number) => Math.round(v * 10 ** digits) / 10 ** digits;

/**
 * The points of a sample route from its trailhead: one segment. Within a leg the path wanders off its
 * heading by up to about 35 degrees (two slow waves, as a path follows the ground) and the elevation
 * follows a gentle S curve from the leg's start to its end, with GPS noise of about a metre; an
 * out-and-back route comes back by the same points with fresh noise.
 */
export function sampleRoutePoints(lat: number, lon: number, route: SampleRoute, seed: number): TrackPoint[] {
  const rand = random(seed);
  const noise = () => (rand() + rand() + rand() - 1.5) * 1.2;
  const mPerDegLat = (Math.PI / 180) * EARTH_RADIUS_M;
  const out: { lon: number; lat: number; ele: number }[] = [{ lon, lat, ele: route.startEle }];
  let here = { lon, lat };
  let ele = route.startEle;
  for (const [i, leg] of route.legs.entries()) {
    const steps = Math.max(2, Math.round((leg.km * 1000) / STEP_M));
    const phase = rand() * Math.PI * 2;
    const from = ele;
    for (let s = 1; s <= steps; s++) {
      const f = s / steps;
      const wander = 22 * Math.sin(phase + f * Math.PI * 3) + 12 * Math.sin(phase * 1.7 + f * Math.PI * 7 + i);
      const heading = ((leg.bearing + wander) * Math.PI) / 180;
      const mPerDegLon = mPerDegLat * Math.cos((here.lat * Math.PI) / 180);
      here = { lat: here.lat + (STEP_M * Math.cos(heading)) / mPerDegLat, lon: here.lon + (STEP_M * Math.sin(heading)) / mPerDegLon };
      const eased = f * f * (3 - 2 * f);
      ele = from + (leg.toEle - from) * eased;
      out.push({ ...here, ele });
    }
  }
  let path: typeof out;
  if (route.shape === 'out-and-back') path = [...out, ...out.slice(0, -1).reverse()];
  else {
    // A loop closes on the trailhead: the small error of the drawn legs is spread along the way.
    const last = out[out.length - 1]!;
    const dLat = lat - last.lat;
    const dLon = lon - last.lon;
    path = out.map((p, k) => ({ ...p, lat: p.lat + (dLat * k) / (out.length - 1), lon: p.lon + (dLon * k) / (out.length - 1) }));
  }
  return path.map((p): TrackPoint => [round(p.lon, 7), round(p.lat, 7), round(p.ele + noise(), 1)]);
}
