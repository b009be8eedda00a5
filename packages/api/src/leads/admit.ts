import { eventKind, leadEnums, leadStatus, openLeadStates } from '@cp/contracts';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { Allocator } from '../channels/allocate';
import type { Tx } from '../db';
import { writtenBy } from '../db/columns';
import { businessError } from '../http/errors';
import { users } from '../identity/tables';
import type { Row, WriteContext } from '../resource/family';
import { leadCountsOf } from './counts';
import { recordLeadEvents } from './events';
import { applyInvalidRules, enabledRules } from './rules';
import { leads } from './tables';

export async function userNameOf(tx: Tx, userId: number): Promise<string> {
  return (await userNamesOf(tx, [userId])).get(userId) as string;
}

/** Users' names by id (`#id` for one that is gone). */
async function userNamesOf(tx: Tx, ids: readonly number[]): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  const found = unique.length
    ? await tx.select({ id: users.id, userName: users.userName }).from(users).where(inArray(users.id, unique))
    : [];
  const names = new Map(found.map((user) => [user.id, user.userName]));
  return new Map(unique.map((id) => [id, names.get(id) ?? `#${id}`]));
}

/** Serialises the writers of these mobiles in the branch company until the transaction ends (sorted: no deadlock). */
async function lockMobiles(tx: Tx, tenantId: number, mobiles: readonly string[]) {
  const keys = [...new Set(mobiles)].sort().map((mobile) => `lead-mobile:${tenantId}:${mobile}`);
  await tx.execute(
    sql`select count(pg_advisory_xact_lock(hashtext(k))) from (select unnest(${sql.param(keys)}::text[]) as k order by k) keys`,
  );
}

export interface OpenLead {
  id: number;
  mobile: string;
  contactName: string;
  status: number;
  batchId: number | null;
}

/** The open leads of the branch company holding these mobiles, other than `exceptId`, by mobile. */
async function openLeadsWithMobiles(tx: Tx, tenantId: number, mobiles: readonly string[], exceptId?: number) {
  const found = await tx
    .select({
      id: leads.id,
      mobile: leads.mobile,
      contactName: leads.contactName,
      status: leads.status,
      batchId: leads.batchId,
    })
    .from(leads)
    .where(
      and(
        eq(leads.tenantId, tenantId),
        // `= any(array)`: the planner takes the (tenant, mobile, status) index, not the trigram one, whose
        // probes cost a millisecond each for digits.
        sql`${leads.mobile} = any(${sql.param([...mobiles])}::text[])`,
        inArray(leads.status, [...openLeadStates]),
        ...(exceptId ? [ne(leads.id, exceptId)] : []),
      ),
    );
  return new Map<string, OpenLead>(found.map((lead) => [lead.mobile, lead]));
}

/**
 * The open lead of the branch company holding this mobile, other than `exceptId`. Taken under a lock on the
 * mobile, so two requests adding it at once see each other: the second is the duplicate.
 */
export async function openLeadWithMobile(tx: Tx, tenantId: number, mobile: string, exceptId?: number) {
  await lockMobiles(tx, tenantId, [mobile]);
  return (await openLeadsWithMobiles(tx, tenantId, [mobile], exceptId)).get(mobile) ?? null;
}

export function duplicateMessage(mobile: string, open: { contactName: string; status: number }): string {
  return `手机号${mobile}已有未结束的线索（${open.contactName}，${leadEnums.status.label(open.status)}）`;
}

export interface Admission {
  id: number;
  salespersonId: number | null;
  /** Whom the rules gave it to, by name. */
  salespersonName: string | null;
  /** Why an enabled 无效线索 rule made it 无效. */
  invalidReason: string | null;
}

/**
 * New leads (added by hand, signed up, or an upload's chunk), in the caller's transaction, in as few
 * statements as there are steps: a lead whose mobile is an open lead here already is not admitted (its
 * answer is that lead); the others are allocated by the rules (待跟进 with a salesperson, 待分配 without),
 * inserted, written to 线索日志, counted for 线索统计, and marked 无效 where an enabled rule says so. The mobiles are locked first,
 * so a parallel request adding one of them sees it. Each mobile at most once among `rows`.
 */
export async function admitLeads(
  ctx: WriteContext,
  rows: readonly Row[],
  origin: { source: number; batchId?: number },
): Promise<(Admission | { open: OpenLead })[]> {
  const { tx, auth } = ctx;
  const tenantId = auth.tenantId;
  const mobiles = rows.map((values) => String(values.mobile));
  if (new Set(mobiles).size !== mobiles.length) throw new Error('admitLeads: a mobile repeats among the rows');
  if (rows.length === 0) return [];
  await lockMobiles(tx, tenantId, mobiles);
  const open = await openLeadsWithMobiles(tx, tenantId, mobiles);
  const scopeOf = (values: Row) => ({
    channelId: values.channelId == null ? null : Number(values.channelId),
    cityId: values.cityId == null ? null : Number(values.cityId),
  });
  const fresh = rows.filter((values) => !open.has(String(values.mobile)));
  const allocator = await Allocator.open(tx, tenantId, fresh.map(scopeOf));
  const salespeople = fresh.map((values) => allocator.next(scopeOf(values)));
  await allocator.save();
  const inserted = fresh.length
    ? await tx
        .insert(leads)
        .values(
          fresh.map((values, index) => ({
            ...(values as typeof leads.$inferInsert),
            ...scopeOf(values),
            source: origin.source,
            batchId: origin.batchId ?? null,
            salespersonId: salespeople[index] ?? null,
            status: salespeople[index] ? leadStatus.allocated : leadStatus.unallocated,
            ...writtenBy({ tenantId, userId: auth.userId }),
          })),
        )
        .returning()
    : [];
  if (inserted.length !== fresh.length) throw new Error('insert returned fewer rows');
  const counts = await leadCountsOf(ctx);
  for (const lead of inserted) counts.move(null, lead);
  const ids = inserted.map((row) => row.id);
  const names = await userNamesOf(
    tx,
    salespeople.filter((id): id is number => id !== null),
  );
  const created = `${leadEnums.source.label(origin.source)}新增线索`;
  await recordLeadEvents(
    tx,
    ids.flatMap((leadId, index) => {
      const actor = { tenantId, leadId, actorName: auth.userName, userId: auth.userId };
      const salespersonId = salespeople[index];
      return [
        { ...actor, kind: eventKind.created, summary: created },
        ...(salespersonId
          ? [{ ...actor, kind: eventKind.allocated, summary: `按分配规则分配给${names.get(salespersonId)}` }]
          : []),
      ];
    }),
  );
  const rules = await ctx.memo('invalidRules', () => enabledRules(tx, tenantId));
  const marked = ids.length ? await applyInvalidRules(tx, tenantId, rules, counts, ids) : 0;
  const reasons = new Map<number, string | null>(
    marked === 0
      ? []
      : (
          await tx
            .select({ id: leads.id, invalidReason: leads.invalidReason })
            .from(leads)
            .where(and(inArray(leads.id, ids), eq(leads.status, leadStatus.invalid)))
        ).map((lead) => [lead.id, lead.invalidReason]),
  );
  const admitted = new Map<string, Admission>(
    ids.map((id, index) => {
      const salespersonId = salespeople[index] ?? null;
      const admission = {
        id,
        salespersonId,
        salespersonName: salespersonId ? (names.get(salespersonId) ?? null) : null,
        invalidReason: reasons.get(id) ?? null,
      };
      return [String(fresh[index]?.mobile), admission];
    }),
  );
  return mobiles.map((mobile) => {
    const lead = open.get(mobile);
    return lead ? { open: lead } : (admitted.get(mobile) as Admission);
  });
}

/** One new lead (see `admitLeads`): refused when its mobile is an open lead here already. */
export async function admitLead(ctx: WriteContext, values: Row, origin: { source: number; batchId?: number }) {
  const [answer] = await admitLeads(ctx, [values], origin);
  if (!answer) throw new Error('admitLeads answered nothing');
  if ('open' in answer) throw businessError(duplicateMessage(String(values.mobile), answer.open));
  return answer;
}
