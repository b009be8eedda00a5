import { hash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe. Only its hash is stored. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The token's SHA-256, as stored: one call (no Hash object per request, as every request hashes its token). */
export function hashToken(token: string): string {
  return hash('sha256', token, 'base64url');
}

/** Tokens from the `token` header, or `Authorization: Bearer …` for token login and tools. */
export function tokenFromHeaders(headers: Record<string, string | string[] | undefined>): string | undefined {
  const header = headers.token;
  const direct = Array.isArray(header) ? header[0] : header;
  if (direct) return direct.trim() || undefined;
  const authorization = headers.authorization;
  const value = Array.isArray(authorization) ? authorization[0] : authorization;
  const match = value?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1];
}
