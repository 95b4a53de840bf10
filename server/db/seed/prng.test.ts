import { describe, expect, it } from 'vitest';
import { cumulative, hashSeed, mulberry32, Rng } from './prng';

describe('prng', () => {
  it('is deterministic for the same seed and label', () => {
    const a = Rng.of(10139, '2025-01-02', 'S001');
    const b = Rng.of(10139, '2025-01-02', 'S001');
    expect(Array.from({ length: 20 }, () => a.float())).toEqual(Array.from({ length: 20 }, () => b.float()));
    expect(Rng.of(10139, 'x').float()).not.toBe(Rng.of(266, 'x').float());
  });

  it('mulberry32 yields floats in [0, 1) with a sane mean', () => {
    const next = mulberry32(hashSeed('mean'));
    const values = Array.from({ length: 20_000 }, next);
    expect(Math.min(...values)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...values)).toBeLessThan(1);
    expect(values.reduce((a, b) => a + b, 0) / values.length).toBeCloseTo(0.5, 1);
  });

  it('int covers both ends and nothing outside', () => {
    const rng = new Rng('int');
    const seen = new Set<number>();
    for (let i = 0; i < 2000; i++) seen.add(rng.int(3, 6));
    expect([...seen].sort()).toEqual([3, 4, 5, 6]);
  });

  it('weightedIndex follows the weights', () => {
    const rng = new Rng('weights');
    const cum = cumulative([1, 0, 3]);
    const counts = [0, 0, 0];
    for (let i = 0; i < 40_000; i++) counts[rng.weightedIndex(cum)]++;
    expect(counts[1]).toBe(0);
    expect(counts[2] / counts[0]).toBeGreaterThan(2.7);
    expect(counts[2] / counts[0]).toBeLessThan(3.3);
  });

  it('poisson has the requested mean, small and large', () => {
    const rng = new Rng('poisson');
    for (const mean of [0.3, 4, 80]) {
      let sum = 0;
      for (let i = 0; i < 20_000; i++) sum += rng.poisson(mean);
      expect(sum / 20_000).toBeCloseTo(mean, mean < 1 ? 1 : 0);
    }
    expect(rng.poisson(0)).toBe(0);
  });

  it('sample returns distinct items and never more than there are', () => {
    const rng = new Rng('sample');
    const s = rng.sample([1, 2, 3, 4, 5, 6], 4);
    expect(new Set(s).size).toBe(4);
    expect(rng.sample([1, 2], 5).sort()).toEqual([1, 2]);
  });

  it('pick refuses an empty list', () => {
    expect(() => new Rng('x').pick([])).toThrow();
  });
});
