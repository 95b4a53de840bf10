import { describe, expect, it } from 'vitest';
import { InFlight } from './in-flight';

describe('InFlight', () => {
  it('callers of the same key at the same time share one computation', async () => {
    const shared = new InFlight<number>();
    let runs = 0;
    let release!: (n: number) => void;
    const compute = () => {
      runs++;
      return new Promise<number>((resolve) => (release = resolve));
    };
    const a = shared.run('k', compute);
    const b = shared.run('k', compute);
    release(7);
    expect(await Promise.all([a, b])).toEqual([7, 7]);
    expect(runs).toBe(1);
  });

  it('keeps nothing once settled (no stale answers), failures included', async () => {
    const shared = new InFlight<number>();
    let runs = 0;
    await shared.run('k', async () => ++runs);
    await expect(shared.run('k', async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await shared.run('k', async () => ++runs)).toBe(2);
    expect(shared.size).toBe(0);
  });

  it('different keys do not share', async () => {
    const shared = new InFlight<string>();
    const [a, b] = await Promise.all([shared.run('a', async () => 'A'), shared.run('b', async () => 'B')]);
    expect([a, b]).toEqual(['A', 'B']);
  });
});
