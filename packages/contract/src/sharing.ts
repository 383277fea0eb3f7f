import { z } from 'zod';
import { DifficultySchema } from './schemas.js';

export * from './sharing-paths.js';

/**
 * Sharing a destination (docs/product.md#sharing): the page address of a destination, the preview a
 * visitor sees on the login screen, and the `volver` parameter that brings them back after signing in.
 */

/** GET /api/place/{id}/preview: what a link preview and the login screen show of a verified destination. */
export const PlacePreviewSchema = z
  .object({
    _id: z.string(),
    name: z.string(),
    city: z.string(),
    time_city: z.number(),
    difficulty: DifficultySchema,
    /** The first photo's URL, or null when it has none. */
    photo: z.string().nullable(),
    rating: z.number(),
    comments: z.number(),
  })
  .meta({ id: 'PlacePreview', description: 'What a shared link shows of a verified destination (docs/product.md#sharing).' });
export type PlacePreview = z.infer<typeof PlacePreviewSchema>;
