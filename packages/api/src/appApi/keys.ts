import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { businessNow } from '../clock';
import type { Executor } from '../db';
import { appHeaders, sha256 } from './auth';
import { appKeys } from './tables';

/** A key as issued: the only moment its secret is known. `header` is what the app sends as `X-App-Key`. */
export interface AppKeyGrant {
  id: number;
  tenantId: number;
  keyId: string;
  header: string;
}

/** Issues an app key for a branch company; the secret is in the answer only (its hash is stored). */
export async function issueAppKey(
  db: Executor,
  input: { tenantId: number; name: string; createdBy?: number | null },
): Promise<AppKeyGrant> {
  const keyId = `ak_${randomBytes(8).toString('hex')}`;
  const secret = randomBytes(32).toString('base64url');
  const [row] = await db
    .insert(appKeys)
    .values({
      tenantId: input.tenantId,
      keyId,
      secretHash: sha256(secret),
      name: input.name,
      createdBy: input.createdBy ?? null,
    })
    .returning({ id: appKeys.id });
  if (!row) throw new Error('app key not stored');
  return { id: row.id, tenantId: input.tenantId, keyId, header: `${keyId}.${secret}` };
}

/** The headers of one inbound request, as the app sends them: a fresh nonce and the time now. */
export function appRequestHeaders(grant: AppKeyGrant, driverId?: number | null): Record<string, string> {
  return {
    [appHeaders.key]: grant.header,
    [appHeaders.timestamp]: String(Math.floor(businessNow().getTime() / 1000)),
    [appHeaders.nonce]: randomBytes(16).toString('base64url'),
    ...(driverId != null ? { [appHeaders.driver]: String(driverId) } : {}),
  };
}

/** One call of the app's API through the server in hand: how the demo, tests and benchmarks feed the screens. */
export interface AppCall {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  body?: unknown;
  driverId?: number | null;
  /** The business moment the call happens at (the demo's past days); the server must allow it. */
  at?: Date;
}

/**
 * Sends app calls as the app of `grant`'s branch company would, through `app.inject`; answers `data` and throws
 * with the server's message on any refusal, so a demo or a test never goes on past a call that did not happen.
 */
export function appSender(app: FastifyInstance, grant: AppKeyGrant) {
  return async <T = unknown>(call: AppCall): Promise<T> => {
    const response = await app.inject({
      method: call.method,
      url: call.url,
      headers: {
        ...appRequestHeaders(grant, call.driverId),
        ...(call.at ? { 'x-business-time': call.at.toISOString() } : {}),
      },
      ...(call.body !== undefined ? { payload: call.body as object } : {}),
    });
    const envelope = response.json() as { code: number; msg: string; data: T };
    if (envelope.code !== 0) {
      throw new Error(`${call.method} ${call.url} → ${response.statusCode} ${envelope.code} ${envelope.msg}`);
    }
    return envelope.data;
  };
}

export type AppSender = ReturnType<typeof appSender>;
