/**
 * One write at a time on the embedded database. DuckDB lets transactions and plain statements run side
 * by side and fails the later of two that touch one row ("Conflict on update"); its one process owns
 * the file, so queueing every writer in that process gives each caller an answer instead of a 500, and
 * makes a rule checked inside a transaction hold against everything committed before it. The adapter
 * queues a write outside a transaction too, so no route can forget to. PostgreSQL locks rows.
 * Inside a transaction, write through its own handle: a write through the outer one waits for the
 * transaction to end, which waits for the write.
 */

/** Statements that write: a plain one of these outside a transaction waits its turn. */
const WRITE = /^\s*(?:(?:--[^\n]*\n|\/\*[\s\S]*?\*\/)\s*)*(?:INSERT|UPDATE|DELETE|MERGE|CREATE|DROP|ALTER|TRUNCATE|COPY|CHECKPOINT|ATTACH|DETACH|VACUUM|INSTALL|LOAD)\b/i;
const WITH_WRITE = /^\s*WITH\b[\s\S]*\b(?:INSERT|UPDATE|DELETE)\b/i;

export const isWriteStatement = (sql: string): boolean => WRITE.test(sql) || WITH_WRITE.test(sql);

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
