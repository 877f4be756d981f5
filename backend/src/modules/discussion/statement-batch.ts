/**
 * Coalesces the reads of one event-loop turn into one SQL statement. Under load the page-cache misses of
 * many requests wake up together (their Redis answers arrive in one pipelined reply), so one statement per
 * turn replaces one per request: one socket write and one round trip to PostgreSQL for the whole batch,
 * which is most of what such a read costs the server.
 *
 * A turn's batch is cut into statements of at most `maxKeys` keys, run at once on separate pool connections.
 * One statement runs on one PostgreSQL backend, i.e. one core, and every request of it waits for all of it:
 * a turn of 30 comment pages of random posts (about 2 ms of PostgreSQL each, their rows being mostly outside
 * shared buffers) was one statement of 65–115 ms on one of the two cores (EXPLAIN ANALYZE of the bench's
 * database), which set the p99 of `comments`. Pieces of a few keys keep both cores busy and let each request go
 * when its own piece is done, for a handful of socket writes per turn.
 */
export class StatementBatch<K, R> {
  private queue: { key: K; resolve: (r: R | undefined) => void; reject: (e: unknown) => void }[] = [];

  /** `run` answers the keys' results in their order (undefined: none for that key). */
  constructor(
    private readonly run: (keys: K[]) => Promise<(R | undefined)[]>,
    private readonly maxKeys = Infinity,
  ) {}

  load(key: K): Promise<R | undefined> {
    return new Promise((resolve, reject) => {
      if (!this.queue.length) setImmediate(() => this.flush());
      this.queue.push({ key, resolve, reject });
    });
  }

  private flush(): void {
    const all = this.queue;
    this.queue = [];
    for (let at = 0; at < all.length; at += this.maxKeys) this.runPiece(all.slice(at, at + this.maxKeys));
  }

  private runPiece(batch: typeof this.queue): void {
    this.run(batch.map((b) => b.key)).then(
      (results) => batch.forEach((b, i) => b.resolve(results[i])),
      (e: unknown) => {
        if (batch.length === 1) return batch[0].reject(e);
        // One bad key must not fail its neighbours: each again on its own.
        for (const b of batch) this.run([b.key]).then((r) => b.resolve(r[0]), b.reject);
      },
    );
  }
}
