/**
 * The part of the access facts (access-facts.ts, docs/product.md#access-facts) that the browsing index
 * carries: what its filters read of an entry and the one integer it packs them into. A module of its
 * own because the landing decodes the index in its first bundle (place-index-wire.ts) and needs only
 * this, not the facts' texts, rules and filters (docs/decisions/027-landing-javascript-budget.md).
 */

/**
 * What the filters read of an index entry (docs/product.md#access-facts): `closed_months` only when not
 * empty, `fee_free` only when the fee is 0, `needs_agency` only for `con_guia`, `solo_agencia` and
 * `permiso_con_cupo`, `closed` only while temporarily closed (docs/product.md#trail-conditions).
 */
export interface FactsFilterable {
  closed_months?: readonly number[];
  fee_free?: boolean;
  needs_agency?: boolean;
  closed?: { until: string | null };
}

/** The filter fields an index entry carries (each absent when it says nothing). */
export interface FactsFilterFields {
  closed_months?: number[];
  fee_free?: true;
  needs_agency?: true;
}

/** The browsing index packs the three into one integer: bits 0-11 the closed months, 12 a free entry, 13 an agency needed. */
export function packFacts(item: Pick<FactsFilterable, 'closed_months' | 'fee_free' | 'needs_agency'>): number {
  let bits = 0;
  for (const m of item.closed_months ?? []) bits |= 1 << (m - 1);
  if (item.fee_free) bits |= 1 << 12;
  if (item.needs_agency) bits |= 1 << 13;
  return bits;
}

export function unpackFacts(bits: number): FactsFilterFields {
  const months: number[] = [];
  for (let m = 1; m <= 12; m++) if (bits & (1 << (m - 1))) months.push(m);
  return {
    ...(months.length > 0 && { closed_months: months }),
    ...((bits & (1 << 12)) !== 0 && { fee_free: true as const }),
    ...((bits & (1 << 13)) !== 0 && { needs_agency: true as const }),
  };
}
