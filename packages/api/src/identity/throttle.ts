import { sql } from 'drizzle-orm';
import type { Config } from '../config';
import type { Executor } from '../db';
import { rowsOf } from '../db/migrate';
import { ApiError } from '../http/errors';
import { loginAttempts } from './tables';

/**
 * Refuses a login when the account, or the client address, has failed too often within the window.
 * Failures count for login ids that do not exist too, and the message is the same, so it tells nothing.
 */
export async function assertLoginAllowed(db: Executor, config: Config, loginId: string, address: string) {
  const { windowMinutes, maxPerAccount, maxPerAddress } = config.loginThrottle;
  const since = sql`now() - make_interval(mins => ${windowMinutes})`;
  const result = await db.execute<{ account_failures: number; address_failures: number }>(sql`
    select
      (select count(*) from ${loginAttempts} a where a.login_id = ${loginId} and not a.succeeded and a.at > greatest(${since},
        coalesce((select max(b.at) from ${loginAttempts} b where b.login_id = ${loginId} and b.succeeded), '-infinity'))
      )::int as account_failures,
      (select count(*) from ${loginAttempts} a where a.client_address = ${address} and not a.succeeded and a.at > ${since}
      )::int as address_failures`);
  const row = rowsOf<{ account_failures: number; address_failures: number }>(result)[0];
  if (!row) return;
  if (Number(row.account_failures) >= maxPerAccount || Number(row.address_failures) >= maxPerAddress) {
    throw ApiError.of('tooManyRequests', `登录失败次数过多，请${windowMinutes}分钟后再试`);
  }
}

export async function recordLoginAttempt(
  db: Executor,
  attempt: { loginId: string; address: string; succeeded: boolean; method?: number },
): Promise<void> {
  await db.insert(loginAttempts).values({
    loginId: attempt.loginId,
    clientAddress: attempt.address,
    succeeded: attempt.succeeded,
    method: attempt.method ?? 1,
  });
}
