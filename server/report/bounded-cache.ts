/** A map that keeps at most `max` entries, dropping the least recently used first. */
export class BoundedCache<K, V> {
  private entries = new Map<K, V>();

  constructor(private max: number) {}

  get(key: K): V | undefined {
    const value = this.entries.get(key);
    if (value !== undefined) {
      // a Map iterates in insertion order: re-inserting marks the entry as the most recent
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }

  set(key: K, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value as K);
  }

  get size(): number {
    return this.entries.size;
  }
}
