/**
 * One write transaction at a time on the embedded database. DuckDB lets transactions run side by side
 * and fails the later of two that touch one row ("Conflict on update"); its one process owns the file,
 * so queueing the writers in that process gives every caller an answer instead of a 500, and makes a
 * rule checked inside a transaction hold against everything committed before it. PostgreSQL locks rows.
 */
export class WriteLock {
  private tail: Promise<void> = Promise.resolve();

  async run<T>(fn: () => Promise<T>): Promise<T> {
    const before = this.tail;
    let release!: () => void;
    this.tail = new Promise((resolve) => (release = resolve));
    await before;
    try {
      return await fn();
    } finally {
      release();
    }
  }
}
