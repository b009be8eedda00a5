import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../db';
import { accounts } from '../identity/tables';
import { allocationRuleMembers, allocationRules } from './tables';

export interface AllocationScope {
  channelId: number | null;
  cityId: number | null;
}

interface OpenRule {
  id: number;
  channelId: number | null;
  cityId: number | null;
  lastUserId: number | null;
  members: number[];
  taken: boolean;
}

const matches = (rule: OpenRule, { channelId, cityId }: AllocationScope) =>
  (rule.channelId === null || rule.channelId === channelId) && (rule.cityId === null || rule.cityId === cityId);

/**
 * The turns of the allocation rules for new leads of the caller's transaction — one lead, or an upload's
 * chunk of them at once. A lead of a channel and city goes to the first enabled rule matching it by priority
 * (then by age) that has a salesperson with an enabled account here: to the next of them after the one who
 * had the last turn, by user id, round and round. The matching rules are locked while the turns are taken,
 * so leads of parallel transactions never take the same turn; the turn is a column of the rule, so it
 * survives restarts (`save`).
 */
export class Allocator {
  private constructor(
    private readonly tx: Tx,
    private readonly rules: readonly OpenRule[],
  ) {}

  static async open(tx: Tx, tenantId: number, scopes: readonly AllocationScope[]): Promise<Allocator> {
    const enabled = await tx
      .select({ id: allocationRules.id, channelId: allocationRules.channelId, cityId: allocationRules.cityId })
      .from(allocationRules)
      .where(and(eq(allocationRules.tenantId, tenantId), eq(allocationRules.enabled, true)))
      .orderBy(asc(allocationRules.priority), asc(allocationRules.id));
    const rules: OpenRule[] = enabled
      .map((rule) => ({ ...rule, lastUserId: null, members: [], taken: false }))
      .filter((rule) => scopes.some((scope) => matches(rule, scope)));
    if (rules.length === 0) return new Allocator(tx, []);
    const ids = rules.map((rule) => rule.id);
    // Locked (in id order, as every allocation takes them), then read: the turn another transaction just
    // took is seen, and a rule disabled meanwhile is left out.
    const locked = await tx
      .select({ id: allocationRules.id, lastUserId: allocationRules.lastUserId, enabled: allocationRules.enabled })
      .from(allocationRules)
      .where(and(inArray(allocationRules.id, ids), eq(allocationRules.tenantId, tenantId)))
      .orderBy(asc(allocationRules.id))
      .for('update');
    const members = await tx
      .select({ ruleId: allocationRuleMembers.ruleId, userId: allocationRuleMembers.userId })
      .from(allocationRuleMembers)
      .innerJoin(
        accounts,
        and(eq(accounts.userId, allocationRuleMembers.userId), eq(accounts.tenantId, tenantId), eq(accounts.status, 1)),
      )
      .where(and(inArray(allocationRuleMembers.ruleId, ids), eq(allocationRuleMembers.tenantId, tenantId)))
      .orderBy(asc(allocationRuleMembers.userId));
    const open = rules.filter((rule) => {
      const now = locked.find((row) => row.id === rule.id);
      if (!now?.enabled) return false;
      rule.lastUserId = now.lastUserId;
      rule.members = members.filter((member) => member.ruleId === rule.id).map((member) => member.userId);
      return rule.members.length > 0;
    });
    return new Allocator(tx, open);
  }

  /** The salesperson of the next lead of this scope; null when no rule matches (the lead waits for 分配). */
  next(scope: AllocationScope): number | null {
    const rule = this.rules.find((candidate) => matches(candidate, scope));
    if (!rule) return null;
    const last = rule.lastUserId ?? 0;
    const next = rule.members.find((userId) => userId > last) ?? (rule.members[0] as number);
    rule.lastUserId = next;
    rule.taken = true;
    return next;
  }

  /** Keeps the turns taken in the rules. */
  async save(): Promise<void> {
    for (const rule of this.rules.filter((candidate) => candidate.taken)) {
      await this.tx.update(allocationRules).set({ lastUserId: rule.lastUserId }).where(eq(allocationRules.id, rule.id));
    }
  }
}

/** The salesperson of one new lead of this channel and city (see `Allocator`), in the caller's transaction. */
export async function allocate(tx: Tx, tenantId: number, scope: AllocationScope): Promise<number | null> {
  const allocator = await Allocator.open(tx, tenantId, [scope]);
  const salespersonId = allocator.next(scope);
  await allocator.save();
  return salespersonId;
}
