import { and, asc, eq, isNull, or } from 'drizzle-orm';
import type { Tx } from '../db';
import { accounts } from '../identity/tables';
import { allocationRuleMembers, allocationRules } from './tables';

export interface AllocationScope {
  channelId: number | null;
  cityId: number | null;
}

/**
 * The salesperson a new lead of this channel and city goes to, inside the caller's transaction: the first
 * enabled rule matching it by priority (then by age) that still has a salesperson with an enabled account
 * here gives it to the next of them after the one who had the last turn, by user id, round and round. The
 * rule's row is locked while its turn is taken, so two leads at once never take the same turn; the turn is
 * a column of the rule, so it survives restarts. Null when no rule matches (the lead waits for 分配).
 */
export async function allocate(
  tx: Tx,
  tenantId: number,
  { channelId, cityId }: AllocationScope,
): Promise<number | null> {
  const matching = await tx
    .select({ id: allocationRules.id })
    .from(allocationRules)
    .where(
      and(
        eq(allocationRules.tenantId, tenantId),
        eq(allocationRules.enabled, true),
        channelId === null
          ? isNull(allocationRules.channelId)
          : or(isNull(allocationRules.channelId), eq(allocationRules.channelId, channelId)),
        cityId === null
          ? isNull(allocationRules.cityId)
          : or(isNull(allocationRules.cityId), eq(allocationRules.cityId, cityId)),
      ),
    )
    .orderBy(asc(allocationRules.priority), asc(allocationRules.id));
  for (const { id } of matching) {
    // Locked, then read: the turn another transaction just took is seen.
    const [rule] = await tx
      .select({ lastUserId: allocationRules.lastUserId, enabled: allocationRules.enabled })
      .from(allocationRules)
      .where(and(eq(allocationRules.id, id), eq(allocationRules.tenantId, tenantId)))
      .for('update');
    if (!rule?.enabled) continue;
    const members = await tx
      .select({ userId: allocationRuleMembers.userId })
      .from(allocationRuleMembers)
      .innerJoin(
        accounts,
        and(eq(accounts.userId, allocationRuleMembers.userId), eq(accounts.tenantId, tenantId), eq(accounts.status, 1)),
      )
      .where(and(eq(allocationRuleMembers.ruleId, id), eq(allocationRuleMembers.tenantId, tenantId)))
      .orderBy(asc(allocationRuleMembers.userId));
    if (members.length === 0) continue;
    const last = rule.lastUserId ?? 0;
    const next = members.find((member) => member.userId > last) ?? members[0];
    if (!next) continue;
    await tx.update(allocationRules).set({ lastUserId: next.userId }).where(eq(allocationRules.id, id));
    return next.userId;
  }
  return null;
}
