/**
 * Shares one running computation between callers asking for the same key at the same time: a
 * screen's `/data` and `/totals` arrive together and read the same pass. Nothing is kept once the
 * computation settles, so an answer is never older than the request that receives it.
 */
export class InFlight<T> {
  private running = new Map<string, Promise<T>>();

  run(key: string, compute: () => Promise<T>): Promise<T> {
    const pending = this.running.get(key);
    if (pending) return pending;
    const started = compute().finally(() => this.running.delete(key));
    this.running.set(key, started);
    return started;
  }

  get size(): number {
    return this.running.size;
  }
}
