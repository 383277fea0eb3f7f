/**
 * Landscape pictures drawn at seed time (docs/product.md#first-run: no photo is downloaded). Each picture is an
 * SVG built from a few layers (sky, sun, ridges, snow, lake, trees, waterfall, fog) and a seeded
 * random generator, so the same place always gets the same picture (and the same content hash).
 */

export interface LandscapeOptions {
  seed: number;
  /** Sky gradient, top to bottom. */
  sky: [string, string];
  /** Ridge colours from the farthest to the nearest. */
  ridges: string[];
  sun?: string;
  snow?: boolean;
  lake?: string;
  trees?: boolean;
  waterfall?: boolean;
  fog?: boolean;
  rocks?: boolean;
}

export const LANDSCAPE_WIDTH = 960;
export const LANDSCAPE_HEIGHT = 640;

/** mulberry32: tiny, fast, good enough to vary shapes. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const r1 = (n: number) => Math.round(n * 10) / 10;

/** A jagged ridge line across the picture, as points from left to right. */
function ridgePoints(rand: () => number, baseY: number, amplitude: number, peaks: number, w: number) {
  const points: Array<[number, number]> = [];
  const step = w / (peaks * 2);
  for (let i = 0; i <= peaks * 2; i++) {
    const x = i * step + (i > 0 && i < peaks * 2 ? (rand() - 0.5) * step * 0.6 : 0);
    const up = i % 2 === 1;
    const y = baseY - (up ? amplitude * (0.55 + rand() * 0.45) : amplitude * rand() * 0.35);
    points.push([r1(x), r1(y)]);
  }
  return points;
}

function polygon(points: Array<[number, number]>, w: number, h: number, fill: string, extra = ''): string {
  const d = points.map(([x, y]) => `${x},${y}`).join(' ');
  return `<polygon points="0,${h} ${d} ${w},${h}" fill="${fill}"${extra}/>`;
}

/** White caps on the peaks that rise above `snowLine`. */
function snowCaps(points: Array<[number, number]>, snowLine: number): string {
  const caps: string[] = [];
  for (let i = 1; i < points.length - 1; i++) {
    const [px, py] = points[i]!;
    if (py >= snowLine) continue;
    const [lx, ly] = points[i - 1]!;
    const [rx, ry] = points[i + 1]!;
    const depth = Math.min(snowLine - py, 60);
    const t = (y0: number) => depth / Math.max(y0 - py, 1);
    const left: [number, number] = [px + (lx - px) * t(ly), py + depth];
    const right: [number, number] = [px + (rx - px) * t(ry), py + depth];
    const mid: [number, number] = [px + (rx - lx) * 0.05, py + depth * 0.7];
    caps.push(
      `<polygon points="${r1(left[0])},${r1(left[1])} ${px},${py} ${r1(right[0])},${r1(right[1])} ${r1(mid[0])},${r1(mid[1])}" fill="#f4f7fb"/>`,
    );
  }
  return caps.join('');
}

export function landscapeSvg(o: LandscapeOptions, width = LANDSCAPE_WIDTH, height = LANDSCAPE_HEIGHT): string {
  const rand = seededRandom(o.seed);
  const w = width;
  const h = height;
  const horizon = h * (o.lake ? 0.62 : 0.7);
  const parts: string[] = [];

  parts.push(
    `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${o.sky[0]}"/><stop offset="1" stop-color="${o.sky[1]}"/></linearGradient>` +
      `<linearGradient id="fog" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffffff" stop-opacity="0"/><stop offset="1" stop-color="#ffffff" stop-opacity="0.75"/></linearGradient></defs>`,
  );
  parts.push(`<rect width="${w}" height="${h}" fill="url(#sky)"/>`);
  if (o.sun) {
    const cx = r1(w * (0.15 + rand() * 0.7));
    const cy = r1(h * (0.12 + rand() * 0.15));
    parts.push(`<circle cx="${cx}" cy="${cy}" r="${r1(h * 0.11)}" fill="${o.sun}" opacity="0.35"/>`);
    parts.push(`<circle cx="${cx}" cy="${cy}" r="${r1(h * 0.065)}" fill="${o.sun}"/>`);
  }
  // A few clouds.
  for (let i = 0; i < 3; i++) {
    const cx = r1(rand() * w);
    const cy = r1(h * (0.08 + rand() * 0.2));
    parts.push(`<ellipse cx="${cx}" cy="${cy}" rx="${r1(60 + rand() * 90)}" ry="${r1(12 + rand() * 10)}" fill="#ffffff" opacity="0.55"/>`);
  }

  const layers = o.ridges.length;
  o.ridges.forEach((colour, i) => {
    const depth = i / Math.max(layers - 1, 1);
    const baseY = horizon - (1 - depth) * h * 0.12 + depth * h * 0.06;
    const amplitude = h * (0.42 - depth * 0.22);
    const points = ridgePoints(rand, baseY, amplitude, 2 + Math.floor(rand() * 3), w);
    parts.push(polygon(points, w, h, colour));
    if (o.snow && i < 2) parts.push(snowCaps(points, baseY - amplitude * 0.6));
    if (o.fog && i < layers - 1) parts.push(`<rect y="${r1(baseY - amplitude)}" width="${w}" height="${r1(amplitude + h * 0.1)}" fill="url(#fog)" opacity="0.6"/>`);
  });

  if (o.waterfall) {
    const x = r1(w * (0.35 + rand() * 0.3));
    const top = r1(horizon - h * 0.28);
    parts.push(`<path d="M${x} ${top} q 8 ${r1(h * 0.15)} -4 ${r1(h * 0.32)} l 26 0 q -10 ${r1(-h * 0.17)} 4 ${r1(-h * 0.32)} z" fill="#e9f6ff" opacity="0.92"/>`);
    parts.push(`<ellipse cx="${r1(x + 8)}" cy="${r1(top + h * 0.33)}" rx="46" ry="10" fill="#ffffff" opacity="0.7"/>`);
  }

  if (o.lake) {
    const ly = r1(horizon + h * 0.02);
    parts.push(`<ellipse cx="${r1(w * (0.4 + rand() * 0.2))}" cy="${r1(ly + h * 0.1)}" rx="${r1(w * 0.38)}" ry="${r1(h * 0.1)}" fill="${o.lake}"/>`);
    parts.push(`<ellipse cx="${r1(w * 0.45)}" cy="${r1(ly + h * 0.08)}" rx="${r1(w * 0.2)}" ry="${r1(h * 0.012)}" fill="#ffffff" opacity="0.35"/>`);
  }

  // Foreground hill.
  const front = o.ridges[o.ridges.length - 1] ?? '#335533';
  const fy = h * 0.86;
  parts.push(`<path d="M0 ${r1(fy)} Q ${r1(w * 0.3)} ${r1(fy - h * 0.08)} ${r1(w * 0.6)} ${r1(fy)} T ${w} ${r1(fy - h * 0.03)} L ${w} ${h} L 0 ${h} Z" fill="${front}" opacity="0.9"/>`);

  if (o.trees) {
    for (let i = 0; i < 14; i++) {
      const x = r1(rand() * w);
      const base = r1(fy + rand() * h * 0.1);
      const th = r1(40 + rand() * 50);
      parts.push(`<polygon points="${x},${r1(base - th)} ${r1(x - th * 0.3)},${base} ${r1(x + th * 0.3)},${base}" fill="#1f4d2b"/>`);
    }
  }
  if (o.rocks) {
    for (let i = 0; i < 6; i++) {
      const x = r1(rand() * w);
      const y = r1(fy + rand() * h * 0.08);
      parts.push(`<ellipse cx="${x}" cy="${y}" rx="${r1(18 + rand() * 40)}" ry="${r1(24 + rand() * 50)}" fill="#8d8174"/>`);
    }
  }
  if (o.fog) parts.push(`<rect y="${r1(h * 0.55)}" width="${w}" height="${r1(h * 0.45)}" fill="url(#fog)" opacity="0.5"/>`);

  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${parts.join('')}</svg>`;
}

/** A round avatar: a coloured background and a simple head-and-shoulders figure (no text, no fonts). */
export function avatarSvg(background: string, size = 256): string {
  const s = size;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${s}" height="${s}" viewBox="0 0 100 100">` +
    `<rect width="100" height="100" fill="${background}"/>` +
    `<circle cx="50" cy="40" r="17" fill="#fdf3ea"/>` +
    `<path d="M18 100 Q 18 64 50 64 Q 82 64 82 100 Z" fill="#fdf3ea"/>` +
    `</svg>`
  );
}
