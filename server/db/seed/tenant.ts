import { addDays, monthOf } from '../../../engine/dates/calendar';
import { accountRows, buildAccounts } from './accounts';
import { writeShellData } from './config';
import { writeMaster } from './master';
import type { TenantProfile } from './scale';
import type { Writer } from './sink';
import { SimContext } from './sim/context';
import { Finance } from './sim/finance';
import { Members } from './sim/members';
import { StoreSales } from './sim/sales';
import { StockDocs } from './sim/stockdocs';
import { Storage3pl } from './sim/storage3pl';
import { Supply } from './sim/supply';
import { Wholesale } from './sim/wholesale';
import { buildWorld } from './world';

export interface TenantRun {
  profile: TenantProfile;
  tenantDigit: number;
  today: string;
  hashes: Map<string, string>;
  onProgress: (msg: string) => void;
}

/**
 * Generates one tenant: master data, then every day from the first month to today (noon). The stock
 * it moves is booked when its facts are loaded (load-history.ts). Returns the first simulated day.
 */
export async function seedTenant(w: Writer, run: TenantRun): Promise<string> {
  const { profile, today } = run;
  const world = buildWorld(profile, run.tenantDigit, today);
  const { accounts, mallAccount } = buildAccounts(world);
  const ctx = new SimContext(world, w);
  const members = new Members(ctx);

  writeMaster(w, world, members.activities);
  for (const row of await accountRows(world.tenantId, accounts, `${world.start} 00:00:00`, run.hashes)) w.push('account', row);
  for (const a of accounts) for (const org of a.relations) w.push('account_org_relation', { tenant_id: world.tenantId, account_id: a.account_id, org_code: org });
  writeShellData(w, world, accounts);

  const supply = new Supply(ctx);
  const docs = new StockDocs(ctx, supply);
  const wholesale = new Wholesale(ctx, supply);
  const finance = new Finance(ctx);
  const sales = new StoreSales(ctx, members, mallAccount);
  const storage = new Storage3pl(ctx);

  for (let date = world.start; date <= today; date = addDays(date, 1)) {
    ctx.startDay(date);
    members.startDay();
    finance.startOfDay();
    if (date === world.start) supply.opening();
    supply.morning();
    for (const st of world.sellingStores) sales.run(st);
    wholesale.run();
    supply.replenish();
    supply.storeOrders();
    docs.evening();
    members.daily(world.sellingStores);
    storage.run();
    await w.flushFull();
    if (date.endsWith('-01') || date === today) run.onProgress(`${world.tenantId} ${profile.tenantName}: ${monthOf(date)}`);
  }
  supply.finish();
  members.writeFinal();
  return world.start;
}
