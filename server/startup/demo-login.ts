/** The demo account start-up offers: only while the database holds the demo tenant and its admin still signs in with the demo password. */
import { md5Hex, verifyPassword } from '../auth/password';
import { merchantShard } from '../db/sharded';
import { DEMO_PASSWORD } from '../db/seed/accounts';
import type { Db } from '../db/types';
import type { DemoLogin } from './lines';

const DEMO = { merchant_no: '10139', username: 'admin' } as const;

export async function demoLogin(db: Db): Promise<DemoLogin | null> {
  const onShard = await merchantShard(db, DEMO.merchant_no);
  const [account] = await onShard(() =>
    db.query<{ password_hash: string; status: number }>(
      `SELECT a.password_hash, a.status FROM account a JOIN tenant t ON t.tenant_id = a.tenant_id
        WHERE t.merchant_no = $1 AND a.username = $2`,
      [DEMO.merchant_no, DEMO.username],
    ),
  );
  if (!account || Number(account.status) === 0) return null;
  return (await verifyPassword(md5Hex(DEMO_PASSWORD), account.password_hash)) ? { ...DEMO, password: DEMO_PASSWORD } : null;
}
