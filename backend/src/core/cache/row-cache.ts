/**
 * A replica's copy of rows read by id (contests, exams) or by another key (a contest's problem pages), shared by
 * every request: the row is reused while
 * younger than `maxAgeMs`, re-read in the background from `refreshMs` on, and at most one read per id is under
 * way (single flight). Before, an entry expired for everybody at once and each request in flight sent its own
 * query: under load a burst of queries every second, queued behind a small pool. `forget` drops an id after an
 * edit; a read that started before it never stores the old row. Shared by the domains that keep such copies
 * (contests, exams, the group directory); `maxEntries` bounds a cache keyed by user: full, it starts afresh.
 */
interface Cached<T> {
  row: T | null;
  /** When the read of the row started (Date.now()). */
  at: number;
  /** The re-read under way, shared by every caller. */
  reading?: Promise<T | null>;
}

export class RowCache<T, K = number> {
  private readonly cache = new Map<K, Cached<T>>();
  /** Bumped by forget(): a read that started before an edit must not store the old row. */
  private generationNo = 0;

  constructor(
    private readonly load: (id: K) => Promise<T | null>,
    private readonly maxAgeMs: number,
    private readonly refreshMs: number,
    private readonly maxEntries = Infinity,
  ) {}

  /** Changes with every forget(): other caches of the same rows (registrations) compare it. */
  get generation(): number {
    return this.generationNo;
  }

  get(id: K): Promise<T | null> {
    const hit = this.cache.get(id);
    const age = hit ? Date.now() - hit.at : Infinity;
    if (hit && age < this.refreshMs) return Promise.resolve(hit.row);
    const reading = hit?.reading ?? this.read(id);
    return hit && age < this.maxAgeMs ? Promise.resolve(hit.row) : reading;
  }

  forget(id: K): void {
    this.generationNo++;
    this.cache.delete(id);
  }

  /** Drops every key the test accepts (all the entries of one contest). */
  forgetWhere(test: (id: K) => boolean): void {
    this.generationNo++;
    for (const id of [...this.cache.keys()]) if (test(id)) this.cache.delete(id);
  }

  private read(id: K): Promise<T | null> {
    const generation = this.generationNo;
    // The row is as of when the query started: its age counts from then.
    const startedAt = Date.now();
    const reading = this.load(id).then(
      (row) => {
        if (generation === this.generationNo) this.cache.set(id, { row, at: startedAt });
        else if (this.cache.get(id)?.reading === reading) this.cache.delete(id);
        return row;
      },
      (e: unknown) => {
        if (this.cache.get(id)?.reading === reading) this.cache.delete(id);
        throw e;
      },
    );
    const hit = this.cache.get(id);
    if (hit) hit.reading = reading;
    else {
      if (this.cache.size >= this.maxEntries) this.cache.clear();
      this.cache.set(id, { row: null, at: -Infinity, reading });
    }
    // A failed background re-read is seen by the next caller that waits for one; not an unhandled rejection.
    reading.catch(() => undefined);
    return reading;
  }
}
