/**
 * A list of places kept in memory in its sort order and updated ONE PLACE AT A TIME after a write: the
 * changed ids are re-read, each one replaced, moved, inserted or dropped by a binary search, so a review
 * at 10,000 places costs a one-row read, not a read of every row (docs/product.md#catalogue). The
 * verified list (place-list-cache.ts) and the browsing index (place-index.ts) keep their items in one.
 *
 * A load or a re-read that started before an invalidation is not stored (generation check), so a slow
 * read cannot put an older list back after a write; writes that arrive while re-reading are applied on
 * the next pass. Concurrent re-reads each see the committed row, so the list converges to what a full
 * rebuild gives (tested in place-index.test.ts and place-changes.test.ts).
 */
export interface SortedCacheSource<T> {
  /** Every item to keep (any order). */
  all(): Promise<T[]>;
  /** The items of these ids that are still to be kept; an id left out is dropped. */
  some(ids: string[]): Promise<T[]>;
}

export interface SortedCacheOrder<T> {
  id(item: T): string;
  /** Whether `a` comes before `b` (never true both ways; false both ways: the same position). */
  before(a: T, b: T): boolean;
}

export class SortedCache<T> {
  private items: T[] | null = null;
  private byId = new Map<string, T>();
  private pending = new Set<string>();
  private builtAt = 0;
  private generation = 0;
  private loading: Promise<void> | null = null;
  /** How long the last re-read after a write took (ms), for the benchmarks. */
  lastUpdateMs = 0;

  constructor(
    private readonly order: SortedCacheOrder<T>,
    /** Called whenever the items changed (loaded, updated or dropped), e.g. to drop serialized bodies. */
    private readonly onChange: () => void = () => {},
  ) {}

  /** Drops everything; the next read loads it all. */
  invalidate(): void {
    this.generation++;
    this.items = null;
    this.byId.clear();
    this.pending.clear();
    this.loading = null;
    this.onChange();
  }

  /** A place changed: re-read that one item before the next answer. */
  changed(id: string): void {
    // Nothing loaded and nothing loading: the next read loads it all, fresh.
    if (this.items === null && this.loading === null) return;
    this.pending.add(id);
  }

  /** Whether re-reads after writes are waiting (the next `fresh` applies them). */
  get updating(): boolean {
    return this.pending.size > 0 && this.items !== null;
  }

  /** The item of `id` as last read, if it is kept. */
  get(id: string): T | undefined {
    return this.byId.get(id);
  }

  /**
   * The items, in order, brought up to date: loaded (again, once `maxAgeMs` > 0 has passed since the
   * last load, for writes of other processes no notification reached) and the pending ids re-read.
   */
  async fresh(source: SortedCacheSource<T>, maxAgeMs: number): Promise<readonly T[]> {
    if (this.items !== null && maxAgeMs > 0 && Date.now() - this.builtAt >= maxAgeMs) this.invalidate();
    while (this.items === null) {
      this.loading ??= this.load(source).finally(() => (this.loading = null));
      await this.loading;
    }
    while (this.pending.size > 0 && this.items !== null) await this.applyPending(source);
    return this.items ?? this.fresh(source, maxAgeMs);
  }

  private async load(source: SortedCacheSource<T>): Promise<void> {
    const generation = this.generation;
    const items = await source.all();
    if (generation !== this.generation) return;
    const { id, before } = this.order;
    items.sort((a, b) => (before(a, b) ? -1 : before(b, a) ? 1 : 0));
    this.items = items;
    this.byId = new Map(items.map((i) => [id(i), i]));
    this.builtAt = Date.now();
    this.onChange();
  }

  private async applyPending(source: SortedCacheSource<T>): Promise<void> {
    const ids = [...this.pending];
    this.pending.clear();
    const generation = this.generation;
    const started = performance.now();
    const { id, before } = this.order;
    const found = new Map((await source.some(ids)).map((i) => [id(i), i]));
    const items = this.items;
    if (generation !== this.generation || items === null) return;
    for (const key of ids) {
      const old = this.byId.get(key);
      const next = found.get(key);
      if (old && next && !before(old, next) && !before(next, old)) {
        items[this.position(items, old)] = next; // same place, same position
      } else {
        if (old) items.splice(this.position(items, old), 1);
        if (next) items.splice(this.insertionPoint(items, next), 0, next);
      }
      if (next) this.byId.set(key, next);
      else this.byId.delete(key);
    }
    this.onChange();
    this.lastUpdateMs = performance.now() - started;
  }

  /** Binary search for an item known to be in the list. */
  private position(items: T[], item: T): number {
    const { id, before } = this.order;
    const key = id(item);
    let lo = 0;
    let hi = items.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const m = items[mid]!;
      if (id(m) === key) return mid;
      if (before(m, item)) lo = mid + 1;
      else hi = mid - 1;
    }
    // Not where the order says (should not happen): fall back to a scan.
    return items.findIndex((m) => id(m) === key);
  }

  private insertionPoint(items: T[], item: T): number {
    let lo = 0;
    let hi = items.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.order.before(items[mid]!, item)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}
