import { z } from 'zod';
import { PLACE_INDEX_FORMAT, type PlaceIndexWire } from './place-index-wire.js';

/** GET /api/place/index's response schema: the wire format of place-index-wire.ts (docs/decisions/028-compact-place-index.md). */
export const PlaceIndexWireSchema = z
  .object({
    v: z.literal(PLACE_INDEX_FORMAT).describe('Format version.'),
    cities: z.array(z.string()).describe('The cities named in `city`, each once.'),
    id: z.array(z.string()).describe('Place ids without dashes (32 hex digits).'),
    name: z.array(z.string()),
    city: z.array(z.number()).describe('Index into `cities`.'),
    difficulty: z.array(z.number()).describe('Index into Fácil, Media, Exigente, Difícil.'),
    time_min: z.array(z.number()).describe('Hours.'),
    time_max: z.array(z.number()).describe('Hours.'),
    time_city: z.array(z.number()).describe('Hours from the city.'),
    photo: z
      .array(z.string().nullable())
      .describe('The first photo: a 4-hex cover tag (URL /uploads/cover-{id}-{tag}.webp, with -400/-800 variants), the URL itself when it is not an upload of this server, or null.'),
    rating: z.array(z.number()).describe('Mean rating in tenths (0-50).'),
    comments: z.array(z.number()),
    created: z.array(z.number()).describe('Creation time in whole seconds: the first entry since 1970, each next one as seconds before the previous entry.'),
    lat: z.array(z.number().nullable()).describe('Trailhead latitude in 1e-5 degrees, or null.'),
    lon: z.array(z.number().nullable()).describe('Trailhead longitude in 1e-5 degrees, or null.'),
    closed: z.array(z.number()).optional().describe('Temporarily closed places only: their positions in the other arrays. Absent when none is closed.'),
    closed_until: z
      .array(z.string().nullable())
      .optional()
      .describe('For each position of `closed`: the last closed day (YYYY-MM-DD, Lima), or null until an admin reopens it.'),
    facts: z
      .array(z.number())
      .optional()
      .describe('Access facts for the filters, one integer per place: bits 0-11 the months closed (January = bit 0), bit 12 a free entry, bit 13 an agency, guide or permit needed. Absent when all are 0.'),
  })
  .meta({ id: 'PlaceIndex', description: 'The browsing index, newest first, one array per field (docs/product.md#catalogue). Every array has one item per place.' });

// The schema and the interface stay one shape: each must be assignable to the other.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const sameShape: Same<z.infer<typeof PlaceIndexWireSchema>, PlaceIndexWire> = true;
void sameShape;
