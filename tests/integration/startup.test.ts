/** The demo account `npm start` offers in its last line: only while the database holds it as seeded. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoLogin } from '../../server/startup/demo-login';
import { openEmptyDb, openTestDb, type TestDb } from './testdb';

let seeded: TestDb;
beforeAll(async () => {
  seeded = await openTestDb();
});
afterAll(() => seeded?.close());

describe('the demo login of the start-up line', () => {
  it('is offered while merchant 10139 has its admin with the demo password', async () => {
    expect(await demoLogin(seeded.db)).toEqual({ merchant_no: '10139', username: 'admin', password: 'Demo@2026' });
  });

  it('is not offered once the admin password was changed, nor for a database without the demo tenant', async () => {
    await seeded.db.query(
      "UPDATE account SET password_hash = 'scrypt$16384$8$1$00$00' WHERE username = 'admin' AND tenant_id = (SELECT tenant_id FROM tenant WHERE merchant_no = '10139')",
    );
    expect(await demoLogin(seeded.db)).toBeNull();
    const empty = await openEmptyDb();
    try {
      expect(await demoLogin(empty.db)).toBeNull();
    } finally {
      await empty.close();
    }
  });
});
