import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDuckDb } from '../duckdb';
import type { Db } from '../types';
import { withFewerCheckpoints } from './checkpoints';

const threshold = async (db: Db) =>
  (await db.query<{ t: string }>(`SELECT current_setting('checkpoint_threshold') AS t`))[0].t;

describe('withFewerCheckpoints', () => {
  let db: Db;
  let usual: string;
  beforeEach(async () => {
    db = await openDuckDb(':memory:');
    usual = await threshold(db);
  });
  afterEach(() => db.close());

  it('raises the checkpoint threshold while the work runs and puts it back after', async () => {
    const during = await withFewerCheckpoints(db, () => threshold(db));
    expect(during).not.toBe(usual);
    expect(during).toMatch(/GiB|MiB/);
    expect(await threshold(db)).toBe(usual);
  });

  it('puts the threshold back when the work fails, and passes the failure on', async () => {
    await expect(
      withFewerCheckpoints(db, async () => {
        throw new Error('load failed');
      }),
    ).rejects.toThrow('load failed');
    expect(await threshold(db)).toBe(usual);
  });

  it('leaves PostgreSQL alone', async () => {
    const pg = { dialect: 'postgres', exec: () => Promise.reject(new Error('no DuckDB settings on PostgreSQL')) } as unknown as Db;
    await expect(withFewerCheckpoints(pg, async () => 7)).resolves.toBe(7);
  });
});
