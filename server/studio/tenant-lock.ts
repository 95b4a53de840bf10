/**
 * Studio writes of one tenant run one at a time, so an id or a version number read inside the
 * write is still free when it is written. In this process a queue per tenant orders them (DuckDB:
 * one process owns the file, and two of its transactions writing one row would conflict); across
 * API processes on PostgreSQL the writing transaction holds the tenant's studio lock (db/tenant-lock).
 */
export class TenantQueue {
  private tails = new Map<number, Promise<unknown>>();

  run<T>(tenantId: number, fn: () => Promise<T>): Promise<T> {
    const before = this.tails.get(tenantId) ?? Promise.resolve();
    const mine = before.then(fn, fn);
    const tail = mine.then(
      () => undefined,
      () => undefined,
    );
    this.tails.set(tenantId, tail);
    void tail.then(() => {
      if (this.tails.get(tenantId) === tail) this.tails.delete(tenantId);
    });
    return mine;
  }
}
