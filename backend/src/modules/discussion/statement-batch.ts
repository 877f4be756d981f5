/**
 * Coalesces the reads of one event-loop turn into one SQL statement. Under load the page-cache misses of
 * many requests wake up together (their Redis answers arrive in one pipelined reply), so one statement per
 * turn replaces one per request: one socket write and one round trip to PostgreSQL for the whole batch,
 * which is most of what such a read costs the server.
 */
export class StatementBatch<K, R> {
  private queue: { key: K; resolve: (r: R | undefined) => void; reject: (e: unknown) => void }[] = [];

  /** `run` answers the keys' results in their order (undefined: none for that key). */
  constructor(private readonly run: (keys: K[]) => Promise<(R | undefined)[]>) {}

  load(key: K): Promise<R | undefined> {
    return new Promise((resolve, reject) => {
      if (!this.queue.length) setImmediate(() => this.flush());
      this.queue.push({ key, resolve, reject });
    });
  }

  private flush(): void {
    const batch = this.queue;
    this.queue = [];
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
