import { createHash, timingSafeEqual } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { businessNow } from '../clock';
import type { Config } from '../config';
import type { Db } from '../db';
import { drivers } from '../drivers/tables';
import { ApiError, badRequest } from '../http/errors';
import { MinuteLimiter } from '../http/rate-limit';
import { appKeys, appRequestNonces } from './tables';

/** Whose call an inbound request is: the branch company of its key and, where the route takes one, the driver. */
export interface AppCaller {
  tenantId: number;
  appKeyId: number;
  /** The driver the app says it calls for (`X-App-Driver`), checked to be the branch company's. */
  driverId: number | null;
}

/** Whether a route of the app's API needs the driver's identity. */
export type DriverIdentity = 'required' | 'optional' | 'none';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set for every route of the app's API (`access.app`). */
    appCaller: AppCaller | null;
  }
}

/** The headers an inbound request carries (`X-App-…`), as the OpenAPI document names them. */
export const appHeaders = {
  key: 'x-app-key',
  timestamp: 'x-app-timestamp',
  nonce: 'x-app-nonce',
  driver: 'x-app-driver',
} as const;

const keyPattern = /^(ak_[0-9a-f]{16})\.([A-Za-z0-9_-]{43})$/;
const noncePattern = /^[A-Za-z0-9_-]{16,64}$/;

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

const refused = (message: string) => ApiError.of('tokenInvalid', message);

/** The caller of a request to the app's API. */
export function appCallerOf(request: FastifyRequest): AppCaller {
  if (!request.appCaller) throw refused('APP 凭证缺失或无效');
  return request.appCaller;
}

/** The caller's driver, for a route that requires one. */
export function appDriverOf(request: FastifyRequest): number {
  const { driverId } = appCallerOf(request);
  if (driverId === null) throw badRequest('X-App-Driver：应为司机编号');
  return driverId;
}

interface KnownKey {
  id: number;
  tenantId: number;
  secretHash: string;
  status: number;
  readAt: number;
  /** The generation of `appKeysChanged` it was read in. */
  generation: number;
  /** When this process last wrote the key's `last_used_at`. */
  usedAt?: number;
}

let generation = 0;

/** A key was stopped by this process: every authenticator reads its keys again (other processes within 10 s). */
export function appKeysChanged() {
  generation += 1;
}

/**
 * Checks the inbound requests of the app (`access.app`): the key and its branch company, the timestamp and a
 * nonce never seen before (a replayed request is refused), the driver's identity where the route takes one, and
 * the limits per address and per driver. A refused credential is counted per address, so guessing keys is
 * stopped after a few tries a minute.
 */
export class AppAuthenticator {
  private readonly keys = new Map<string, KnownKey>();
  private readonly perAddress: MinuteLimiter;
  private readonly perDriver: MinuteLimiter;
  private readonly failures: MinuteLimiter;

  constructor(
    private readonly db: Db,
    private readonly config: Config,
  ) {
    this.perAddress = new MinuteLimiter(config.appApi.perAddressPerMinute);
    this.perDriver = new MinuteLimiter(config.appApi.perDriverPerMinute);
    this.failures = new MinuteLimiter(config.appApi.failuresPerAddressPerMinute);
  }

  async authenticate(request: FastifyRequest, driver: DriverIdentity): Promise<AppCaller> {
    const address = request.ip;
    if (this.failures.blocked(address)) throw ApiError.of('tooManyRequests', '凭证错误次数过多，请1分钟后再试');
    if (!this.perAddress.take(address)) throw ApiError.of('tooManyRequests');
    try {
      return await this.check(request, driver);
    } catch (error) {
      if (error instanceof ApiError && error.code === 1001) this.failures.take(address);
      throw error;
    }
  }

  private async check(request: FastifyRequest, driver: DriverIdentity): Promise<AppCaller> {
    const header = (name: string) => {
      const value = request.headers[name];
      return typeof value === 'string' ? value.trim() : undefined;
    };
    const match = keyPattern.exec(header(appHeaders.key) ?? '');
    if (!match) throw refused('X-App-Key：APP 凭证缺失或格式不正确');
    const [, keyId = '', secret = ''] = match;
    const key = await this.key(keyId);
    const given = Buffer.from(sha256(secret));
    if (!key || !timingSafeEqual(given, Buffer.from(key.secretHash))) throw refused('X-App-Key：APP 凭证无效');
    if (key.status !== 1) throw refused('X-App-Key：APP 凭证已停用');

    const timestamp = header(appHeaders.timestamp) ?? '';
    const skew = this.config.appApi.clockSkewSeconds;
    const sentAt = /^\d{10}$/.test(timestamp) ? Number(timestamp) * 1000 : Number.NaN;
    if (!Number.isFinite(sentAt)) throw badRequest('X-App-Timestamp：应为10位的Unix时间戳（秒）');
    if (Math.abs(businessNow().getTime() - sentAt) > skew * 1000) {
      throw badRequest(`X-App-Timestamp：与服务器时间相差超过${skew}秒，请校准时间后重新发送`);
    }

    const driverId = await this.driver(key.tenantId, header(appHeaders.driver), driver);
    if (driverId !== null && !this.perDriver.take(`${key.id}:${driverId}`)) throw ApiError.of('tooManyRequests');

    const nonce = header(appHeaders.nonce) ?? '';
    if (!noncePattern.test(nonce)) throw badRequest('X-App-Nonce：应为16到64位的字母、数字、下划线或横线');
    const fresh = await this.db
      .insert(appRequestNonces)
      .values({ appKeyId: key.id, nonce, seenAt: businessNow() })
      .onConflictDoNothing()
      .returning({ nonce: appRequestNonces.nonce });
    if (fresh.length === 0) throw badRequest('X-App-Nonce：该请求已收到过（重复发送的请求不再处理）');
    await this.used(key);
    return { tenantId: key.tenantId, appKeyId: key.id, driverId };
  }

  /** A key as stored, kept in the process for 10 s: a key stopped reaches every process within that. */
  private async key(keyId: string): Promise<KnownKey | undefined> {
    const now = Date.now();
    const known = this.keys.get(keyId);
    if (known && now - known.readAt < 10_000 && known.generation === generation) return known;
    const [row] = await this.db
      .select({ id: appKeys.id, tenantId: appKeys.tenantId, secretHash: appKeys.secretHash, status: appKeys.status })
      .from(appKeys)
      .where(eq(appKeys.keyId, keyId));
    if (!row) {
      this.keys.delete(keyId);
      return undefined;
    }
    if (this.keys.size > 1000) this.keys.clear();
    const fresh = { ...row, readAt: now, generation, usedAt: known?.usedAt };
    this.keys.set(keyId, fresh);
    return fresh;
  }

  /** Notes the key's use (最近使用 on 公司详情), at most once a minute per process. */
  private async used(key: KnownKey) {
    const now = Date.now();
    if (key.usedAt !== undefined && now - key.usedAt < 60_000) return;
    key.usedAt = now;
    await this.db.update(appKeys).set({ lastUsedAt: businessNow() }).where(eq(appKeys.id, key.id));
  }

  private async driver(tenantId: number, given: string | undefined, wanted: DriverIdentity): Promise<number | null> {
    if (wanted === 'none') return null;
    if (!given) {
      if (wanted === 'required') throw badRequest('X-App-Driver：请提供司机编号');
      return null;
    }
    if (!/^[1-9]\d{0,15}$/.test(given) || Number(given) > Number.MAX_SAFE_INTEGER) {
      throw badRequest('X-App-Driver：应为司机编号');
    }
    const [row] = await this.db
      .select({ id: drivers.id })
      .from(drivers)
      .where(and(eq(drivers.tenantId, tenantId), eq(drivers.id, Number(given))));
    if (!row) throw badRequest('X-App-Driver：本分公司没有该司机');
    return row.id;
  }
}

/** Drops the nonces whose timestamps could no longer be accepted; answers how many. */
export async function dropOldNonces(db: Db, skewSeconds: number): Promise<number> {
  const gone = await db
    .delete(appRequestNonces)
    .where(sql`${appRequestNonces.seenAt} < ${businessNow()}::timestamptz - make_interval(secs => ${skewSeconds * 2})`)
    .returning({ nonce: appRequestNonces.nonce });
  return gone.length;
}
