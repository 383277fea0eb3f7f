import type { TrackSummary } from '@sendero/contract';
import type { PlaceTrackRow } from '@/db/schema.js';

/**
 * A track's summary from its row's columns (docs/product.md#tracks): a module of its own so that the
 * place detail (places.ts) and the track calls (tracks.ts, which reads places through places.ts) both
 * use it without importing each other.
 */

export type SummaryColumns = Pick<PlaceTrackRow, 'distanceM' | 'ascentM' | 'descentM' | 'minEleM' | 'maxEleM' | 'durationMin' | 'pointCount'> & {
  updatedAt: Date | string;
};

/** The summary of docs/product.md#tracks from a row's columns. */
export function summaryOf(row: SummaryColumns): TrackSummary {
  return {
    distance_m: row.distanceM,
    ascent_m: row.ascentM,
    descent_m: row.descentM,
    min_ele_m: row.minEleM,
    max_ele_m: row.maxEleM,
    duration_min: row.durationMin,
    points: row.pointCount,
    updated_at: new Date(row.updatedAt).toISOString(),
  };
}
