const REGISTERED_CACHE_MAX = 200_000;

/**
 * Who entered a contest or an exam (password events), as a replica remembers it: a seen registration is kept
 * (they are only ever added; an event's go with it), "not registered" is trusted for `unregisteredMs` (a
 * registration made through this replica shows at once, other replicas follow within that time).
 */
export class RegistrationCache {
  private readonly registered = new Set<string>();
  /** "id:uid" → until when "not registered" holds on this replica. */
  private readonly unregistered = new Map<string, number>();
  private generation = 0;

  constructor(
    private readonly exists: (id: number, uid: string) => Promise<boolean>,
    private readonly unregisteredMs: number,
  ) {}

  async isRegistered(id: number, uid: string): Promise<boolean> {
    const key = `${id}:${uid}`;
    if (this.registered.has(key)) return true;
    const until = this.unregistered.get(key);
    if (until !== undefined && until > Date.now()) return false;
    const generation = this.generation;
    const found = await this.exists(id, uid);
    if (found) {
      if (this.registered.size >= REGISTERED_CACHE_MAX) this.registered.clear();
      this.registered.add(key);
      this.unregistered.delete(key);
    } else if (generation === this.generation && !this.registered.has(key)) {
      if (this.unregistered.size >= REGISTERED_CACHE_MAX) this.unregistered.clear();
      this.unregistered.set(key, Date.now() + this.unregisteredMs);
    }
    return found;
  }

  /** A registration made through this replica: seen at once. */
  added(id: number, uid: string): void {
    const key = `${id}:${uid}`;
    this.unregistered.delete(key);
    this.registered.add(key);
  }

  /** Drops what is known of one event (after an edit or a removal). */
  forget(id: number): void {
    this.generation++;
    const prefix = `${id}:`;
    for (const key of this.registered) if (key.startsWith(prefix)) this.registered.delete(key);
    for (const key of this.unregistered.keys()) if (key.startsWith(prefix)) this.unregistered.delete(key);
  }
}
