/**
 * A small in-process cache for public catalogue answers (DESIGN.md §2, SPEC §9's 5-second freshness).
 * Concurrent asks for the same key share one request; entries expire after `ttlMs`; the oldest go first
 * when `maxEntries` is reached.
 */
export class ResponseCache {
  private readonly entries = new Map<string, { expiresAt: number; value: Promise<unknown> }>();

  constructor(
    private readonly ttlMs = 5_000,
    private readonly maxEntries = 2_000,
    private readonly now: () => number = Date.now,
  ) {}

  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > this.now()) return hit.value as Promise<T>;
    const value = load();
    this.entries.delete(key);
    this.entries.set(key, { expiresAt: this.now() + this.ttlMs, value });
    // A failure is not kept: the next ask tries again.
    value.catch(() => this.entries.get(key)?.value === value && this.entries.delete(key));
    this.evict();
    return value;
  }

  clear(): void {
    this.entries.clear();
  }

  private evict(): void {
    const now = this.now();
    for (const [key, entry] of this.entries) {
      if (this.entries.size <= this.maxEntries && entry.expiresAt > now) break;
      this.entries.delete(key);
    }
  }
}
