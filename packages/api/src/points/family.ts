import { pointsAccountResource, pointsEntryResource, pointsScreens, pointsTaskResource } from '@cp/contracts';
import { sql } from 'drizzle-orm';
import { drivers } from '../drivers/tables';
import { defineServerResource } from '../resource/family';
import { adjustPoints } from './ledger';
import { pointsAccounts, pointsEntries, pointsTasks } from './tables';

const e = pointsEntries;
/** A column of the listed table inside a correlated subquery (drizzle writes the selected table's unqualified). */
const outer = (table: string, column: string) => sql.raw(`"${table}"."${column}"`);

/**
 * 积分任务: the catalogue, edited and switched; how often each was earned and the points it gave, net of
 * reversals (columns the ledger moves).
 */
const taskFamily = defineServerResource({
  resource: pointsTaskResource,
  table: pointsTasks,
  screens: [pointsScreens.integral],
});

/** The driver's kind (网约车 1, 出租车 2), which the web's link to the driver's page follows. */
const driverKind = (table: string) =>
  sql<number>`(select d.kind from ${drivers} d where d.id = ${outer(table, 'driver_id')})`;

const balance = pointsAccounts.balance;
/** Awards not yet spendable today (Beijing, read when the statement runs), never more than the balance. */
const frozen = sql<number>`least(${balance}, greatest(0, (select coalesce(sum(${e.points}), 0) from ${e} where ${e.tenantId} = ${outer('points_accounts', 'tenant_id')} and ${e.driverId} = ${outer('points_accounts', 'driver_id')} and ${e.availableFrom} > (now() at time zone 'Asia/Shanghai')::date)))::int`;

/** 积分总览: the accounts, the driver's mobile beside them; 调整积分 writes a row of the ledger. */
const accountFamily = defineServerResource({
  resource: pointsAccountResource,
  table: pointsAccounts,
  screens: [pointsScreens.integralAll],
  parent: { table: drivers, via: pointsAccounts.driverId, id: drivers.id, columns: { mobile: drivers.mobile } },
  computed: {
    frozen,
    available: sql<number>`(${balance} - ${frozen})::int`,
    driverKind: driverKind('points_accounts'),
  },
  expose: ['driverKind'],
  filters: {
    balanceFrom: (value) => sql`${balance} >= ${value}`,
    balanceTo: (value) => sql`${balance} <= ${value}`,
  },
  actions: {
    adjust: {
      async run(ctx, account, body) {
        const holder = { tenantId: ctx.auth.tenantId, driverId: Number(account.driverId), userId: ctx.auth.userId };
        const moved = await adjustPoints(ctx.tx, { ...holder, points: body.points, reason: body.reason });
        return 'entryId' in moved ? { entryId: String(moved.entryId), balance: moved.balance } : null;
      },
    },
  },
});

/** 积分明细: the ledger as written by the services, read-only. */
const entryFamily = defineServerResource({
  resource: pointsEntryResource,
  table: pointsEntries,
  screens: [pointsScreens.integralAllDetails],
  computed: { driverKind: driverKind('points_entries') },
  expose: ['driverKind'],
});

export const pointsFamilies = [taskFamily, accountFamily, entryFamily];
