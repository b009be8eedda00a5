import { and, asc, eq } from 'drizzle-orm';
import { type AppCall, type AppKeyGrant, appRequestHeaders, issueAppKey } from '../src/appApi/keys';
import { drivers } from '../src/drivers/tables';
import { tenants } from '../src/identity/tables';
import type { Envelope, TestContext } from './harness';

/** The drivers' app of a branch company in a test: its key, some of its drivers, and its calls as sent. */
export interface TestAppClient {
  grant: AppKeyGrant;
  tenantId: number;
  /** Drivers of the branch company, oldest first (the demo's). */
  driverIds: number[];
  /** Sends one call as the app does (a fresh nonce each time); answers the envelope with the HTTP status. */
  send<T = unknown>(
    call: AppCall & { headers?: Record<string, string>; remoteAddress?: string },
  ): Promise<Envelope<T> & { status: number }>;
}

/** Issues an app key for `tenantName` and answers its client. */
export async function appClient(ctx: TestContext, tenantName = '北京分公司'): Promise<TestAppClient> {
  const db = ctx.database.db;
  const [tenant] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.name, tenantName));
  if (!tenant) throw new Error(`no branch company ${tenantName}`);
  const grant = await issueAppKey(db, { tenantId: tenant.id, name: '司机APP（测试）' });
  const driverRows = await db
    .select({ id: drivers.id })
    .from(drivers)
    .where(and(eq(drivers.tenantId, tenant.id)))
    .orderBy(asc(drivers.id))
    .limit(20);
  return {
    grant,
    tenantId: tenant.id,
    driverIds: driverRows.map((row) => row.id),
    async send<T>({
      method,
      url,
      body,
      driverId,
      headers,
      remoteAddress,
    }: AppCall & { headers?: Record<string, string>; remoteAddress?: string }) {
      const response = await ctx.app.inject({
        method,
        url,
        headers: { ...appRequestHeaders(grant, driverId), ...headers },
        ...(body !== undefined ? { payload: body as object } : {}),
        ...(remoteAddress ? { remoteAddress } : {}),
      });
      return { status: response.statusCode, ...(response.json() as Envelope<T>) };
    },
  };
}
