import { eq, sql } from 'drizzle-orm';
import type { Config } from '../config';
import type { Db, Executor } from '../db';
import { rowsOf } from '../db/migrate';
import { ApiError } from '../http/errors';
import { loginAttempts } from './tables';

/** Advisory-lock space of login attempts (the second key is a hash of the account or the address). */
const lockSpace = 7301;
/** An address the account has logged in from within this many days is the owner's, as far as limits go. */
const knownAddressDays = 90;

export interface LoginAttempt {
  loginId: string;
  address: string;
  /** 1 password, 2 token, 3 messaging platform */
  method?: number;
}

type Failures = {
  pair_failures: number;
  account_failures: number;
  address_failures: number;
  known_address: boolean;
};

/**
 * Checks the limits and records the attempt as failed, in one step: concurrent attempts for one account or
 * from one address queue on advisory locks, so each sees those before it and a burst of parallel guesses
 * gets exactly as many checks as the limit allows. The caller verifies the credentials afterwards and marks
 * a success with `settleLoginAttempt`; an attempt that is never settled stays a failure.
 *
 * Limits, within the window (a failure is forgiven only by a later success of the same account from the same
 * address: the owner's login elsewhere does not wipe the guesses spread over other addresses):
 * - one account from one address: `maxPerAccount` — guessing from an address stops that address only, so
 *   an attacker cannot lock the owner out from everywhere;
 * - one address over all accounts: `maxPerAddress`;
 * - one account from all addresses: `maxPerAccountTotal`, which stops guessing spread over many addresses,
 *   except from an address the account has logged in from lately.
 * Unknown login ids count and answer the same, so the answer tells nothing about which ids exist.
 */
export async function reserveLoginAttempt(db: Db, config: Config, attempt: LoginAttempt): Promise<number> {
  const { windowMinutes, maxPerAccount, maxPerAddress, maxPerAccountTotal } = config.loginThrottle;
  const { loginId, address } = attempt;
  return db.transaction(async (tx) => {
    // Always the account first, then the address: two attempts never wait for each other in a circle.
    await tx.execute(sql`select pg_advisory_xact_lock(${lockSpace}, hashtext(${`account:${loginId}`}))`);
    await tx.execute(sql`select pg_advisory_xact_lock(${lockSpace}, hashtext(${`address:${address}`}))`);
    const since = sql`now() - make_interval(mins => ${windowMinutes})`;
    const lastSuccess = (where: ReturnType<typeof sql>) =>
      sql`greatest(${since}, coalesce((select max(b.at) from ${loginAttempts} b where ${where} and b.succeeded), '-infinity'))`;
    const result = await tx.execute<Failures>(sql`
      select
        (select count(*) from ${loginAttempts} a
          where a.login_id = ${loginId} and a.client_address = ${address} and not a.succeeded
            and a.at > ${lastSuccess(sql`b.login_id = ${loginId} and b.client_address = ${address}`)})::int as pair_failures,
        (select count(*) from ${loginAttempts} a
          where a.login_id = ${loginId} and not a.succeeded and a.at > ${since}
            and not exists (select 1 from ${loginAttempts} b where b.login_id = ${loginId}
              and b.client_address = a.client_address and b.succeeded and b.at > a.at))::int as account_failures,
        (select count(*) from ${loginAttempts} a
          where a.client_address = ${address} and not a.succeeded and a.at > ${since})::int as address_failures,
        exists (select 1 from ${loginAttempts} a
          where a.login_id = ${loginId} and a.client_address = ${address} and a.succeeded
            and a.at > now() - make_interval(days => ${knownAddressDays})) as known_address`);
    const row = rowsOf<Failures>(result)[0];
    if (
      row &&
      (Number(row.pair_failures) >= maxPerAccount ||
        Number(row.address_failures) >= maxPerAddress ||
        (Number(row.account_failures) >= maxPerAccountTotal && !row.known_address))
    ) {
      throw ApiError.of('tooManyRequests', `登录失败次数过多，请${windowMinutes}分钟后再试`);
    }
    const [recorded] = await tx
      .insert(loginAttempts)
      .values({ loginId, clientAddress: address, succeeded: false, method: attempt.method ?? 1 })
      .returning({ id: loginAttempts.id });
    if (!recorded) throw new Error('login attempt not recorded');
    return recorded.id;
  });
}

/** Marks a reserved attempt as the success it turned out to be. */
export async function settleLoginAttempt(db: Executor, attemptId: number): Promise<void> {
  await db.update(loginAttempts).set({ succeeded: true }).where(eq(loginAttempts.id, attemptId));
}
