import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitPool } from './incentives';
import { splitByShares } from './split';

const total = fc.integer({ min: 0, max: 100_000_000_000 });
const shares = fc
  .array(fc.integer({ min: 0, max: 10_000 }), { minLength: 1, maxLength: 200 })
  .filter((list) => list.some((share) => share > 0));

describe('splitByShares (largest remainder)', () => {
  it('adds up to the pool to the fen, whatever the pool and the shares', () => {
    fc.assert(
      fc.property(total, shares, (pool, list) => {
        const parts = splitByShares(pool, list);
        expect(parts).toHaveLength(list.length);
        expect(parts.reduce((sum, part) => sum + part, 0)).toBe(pool);
      }),
    );
  });

  it('gives each part its exact quota rounded down or up, never further off, and nothing to a share of 0', () => {
    fc.assert(
      fc.property(total, shares, (pool, list) => {
        const sum = list.reduce((acc, share) => acc + share, 0);
        splitByShares(pool, list).forEach((part, index) => {
          const quota = (BigInt(pool) * BigInt(list[index] ?? 0)) / BigInt(sum);
          expect(BigInt(part) - quota === 0n || BigInt(part) - quota === 1n).toBe(true);
          if (list[index] === 0) expect(part).toBe(0);
        });
      }),
    );
  });

  it('treats equal shares alike: their parts differ by at most one fen, the earlier taking the extra', () => {
    fc.assert(
      fc.property(total, fc.integer({ min: 1, max: 200 }), (pool, count) => {
        const parts = splitByShares(
          pool,
          Array.from({ length: count }, () => 1),
        );
        expect(Math.max(...parts) - Math.min(...parts)).toBeLessThanOrEqual(1);
        expect([...parts].sort((a, b) => b - a)).toEqual(parts);
      }),
    );
  });

  it('keeps a larger share from getting less', () => {
    fc.assert(
      fc.property(total, shares, (pool, list) => {
        const parts = splitByShares(pool, list);
        for (const [i, share] of list.entries()) {
          for (const [j, other] of list.entries()) {
            if (share > other) expect(parts[i]).toBeGreaterThanOrEqual(parts[j] ?? 0);
          }
        }
      }),
      { numRuns: 50 },
    );
  });

  it('splits 100.00 元 among three as 33.34 + 33.33 + 33.33', () => {
    expect(splitByShares(10_000, [1, 1, 1])).toEqual([3334, 3333, 3333]);
    expect(splitByShares(100, [1, 2])).toEqual([33, 67]);
  });
});

describe('splitPool by rule', () => {
  it('splits evenly, by weight, or by completed referrals', () => {
    const people = [
      { weight: 1, referralCount: 0 },
      { weight: 3, referralCount: 2 },
    ];
    expect(splitPool(1000, 1, people)).toEqual({ amounts: [500, 500] });
    expect(splitPool(1000, 2, people)).toEqual({ amounts: [250, 750] });
    expect(splitPool(1000, 3, people)).toEqual({ amounts: [0, 1000] });
  });

  it('says why it cannot split: nobody, a missing weight, no referral at all', () => {
    expect(splitPool(1000, 1, [])).toEqual({ problem: '参与人：至少添加一人' });
    expect(splitPool(1000, 2, [{ weight: 2 }, { weight: null }])).toEqual({
      problem: '按比例分配时每位参与人都须填写比例',
    });
    expect(splitPool(1000, 3, [{ referralCount: 0 }])).toMatchObject({
      problem: expect.stringContaining('没有已交车的拉新'),
    });
  });
});
