/**
 * Splits `total` fen into parts proportional to `shares` that add up to `total` exactly (largest remainder):
 * each part is its exact quota rounded down, and the fen left over go one each to the parts whose quota lost
 * the most, the earlier part first on a tie. A part's share of 0 gets 0. Integer arithmetic only.
 */
export function splitByShares(total: number, shares: readonly number[]): number[] {
  if (!Number.isSafeInteger(total) || total < 0) throw new Error('total must be a non-negative integer');
  if (shares.some((share) => !Number.isSafeInteger(share) || share < 0)) throw new Error('shares must be integers ≥ 0');
  const sum = shares.reduce((acc, share) => acc + BigInt(share), 0n);
  if (sum === 0n) throw new Error('shares must not all be 0');
  const amount = BigInt(total);
  const parts = shares.map((share) => (amount * BigInt(share)) / sum);
  const remainders = shares.map((share, index) => ({ index, rest: (amount * BigInt(share)) % sum }));
  let left = Number(amount - parts.reduce((acc, part) => acc + part, 0n));
  remainders.sort((a, b) => (a.rest === b.rest ? a.index - b.index : a.rest > b.rest ? -1 : 1));
  for (const { index } of remainders) {
    if (left === 0) break;
    parts[index] = (parts[index] ?? 0n) + 1n;
    left -= 1;
  }
  return parts.map(Number);
}
