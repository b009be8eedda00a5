import { randomInt } from 'node:crypto';
import argon2 from 'argon2';

/** argon2id with the OWASP baseline cost (19 MiB, 2 passes). */
const options = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, options);
}

let dummyHash: Promise<string> | undefined;

/** Verifies; for an unknown account it still spends the same time, so timing does not reveal existence. */
export async function verifyPassword(hash: string | undefined, password: string): Promise<boolean> {
  if (!hash) {
    dummyHash ??= hashPassword('no-such-account');
    await argon2.verify(await dummyHash, password);
    return false;
  }
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

const passwordLetters = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz';
const passwordDigits = '23456789';
const passwordSymbols = '@#$%&*';
const pick = (from: string) => from[randomInt(from.length)] ?? '';

/**
 * A one-time password an administrator passes on: ten characters with letters, digits and a symbol (SPEC §5's
 * rule), none that reads as another (0/O, 1/l/I).
 */
export function oneTimePassword(): string {
  const chars = [pick(passwordDigits), pick(passwordSymbols)];
  while (chars.length < 10) chars.push(pick(passwordLetters + passwordDigits));
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j] ?? '', chars[i] ?? ''];
  }
  return chars.join('');
}
