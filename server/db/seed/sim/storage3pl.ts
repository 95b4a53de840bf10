import type { SimContext } from './context';

/** Third-party storage at the first centre: daily inbound and outbound of the storage clients' goods. */
export class Storage3pl {
  private stock = new Map<string, number>();
  private readonly items: { storage: string; project: string; client: string; sku: string; location: string }[];

  constructor(private readonly ctx: SimContext) {
    const projects = [['SP01', 'SC01'], ['SP02', 'SC01'], ['SP03', 'SC02'], ['SP04', 'SC03']];
    this.items = ctx.world.skus.slice(0, 24).map((s, i) => {
      const [project, client] = projects[i % projects.length];
      const storage = i % 3 === 0 ? 'ST02' : 'ST01';
      return { storage, project, client, sku: s.sku_no, location: `${storage}-L${String(1 + (i % 12)).padStart(3, '0')}` };
    });
  }

  run(): void {
    const ctx = this.ctx;
    const rng = ctx.rng('storage3pl');
    for (const it of this.items) {
      const key = `${it.storage}|${it.project}|${it.sku}`;
      const have = this.stock.get(key) ?? 0;
      const moves: [1 | 2, number][] = [];
      if (have < 50 || rng.chance(0.15)) moves.push([1, rng.int(40, 200)]);
      if (have > 0 && rng.chance(0.5)) moves.push([2, rng.int(1, Math.min(have, 60))]);
      for (const [direction, qty] of moves) {
        this.stock.set(key, (this.stock.get(key) ?? 0) + (direction === 1 ? qty : -qty));
        ctx.push('storage_stock_ledger', {
          tenant_id: ctx.tenantId,
          id: ctx.id('storage_ledger'),
          storage_no: it.storage,
          storage_project_no: it.project,
          storage_client_no: it.client,
          sku_no: it.sku,
          location_no: it.location,
          direction,
          qty,
          biz_date: ctx.date,
        });
      }
    }
  }
}
