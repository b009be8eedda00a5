import {
  itemLookup,
  type ParticipantInput,
  type ParticipantPart,
  participantInput,
  participantKind,
  referralStages,
  splitPool,
} from '@cp/contracts';
import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Executor } from '../db';
import { businessError } from '../http/errors';
import { registeredLookups } from '../lookups/registry';

import { referrals } from './tables';

/** The names of the people of one kind a branch company may choose, by id; a missing id is refused. */
async function namesOf(tx: Executor, tenantId: number, kind: number, ids: number[]) {
  const key = itemLookup(participantInput, 'personId', { personKind: kind }) ?? '';
  const lookup = registeredLookups().find((candidate) => candidate.def.key === key);
  if (!lookup) throw businessError(`参与人：暂不能选择${participantKind.label(kind)}`);
  const rows = lookup.all
    ? await lookup.all(tx, tenantId)
    : ((await lookup.search?.(tx, tenantId, { ids, limit: ids.length })) ?? []);
  return new Map(rows.filter((row) => ids.includes(row.id)).map((row) => [row.id, row.name]));
}

/** Each driver's referrals whose car was delivered within the period (days in China time, both ends included). */
async function completedReferrals(
  tx: Executor,
  tenantId: number,
  driverIds: readonly number[],
  periodStart: string,
  periodEnd: string,
): Promise<Map<number, number>> {
  if (driverIds.length === 0) return new Map();
  const rows = await tx
    .select({ inviterId: referrals.inviterId, count: sql<number>`count(*)::int` })
    .from(referrals)
    .where(
      and(
        eq(referrals.tenantId, tenantId),
        inArray(referrals.inviterId, [...driverIds]),
        eq(referrals.stage, referralStages.delivered),
        gte(referrals.deliveredAt, sql`(${periodStart}::date)::timestamp at time zone 'Asia/Shanghai'`),
        lt(referrals.deliveredAt, sql`(${periodEnd}::date + 1)::timestamp at time zone 'Asia/Shanghai'`),
      ),
    )
    .groupBy(referrals.inviterId);
  return new Map(rows.map((row) => [Number(row.inviterId), Number(row.count)]));
}

export interface SplitRequest {
  periodStart: string;
  periodEnd: string;
  totalAmount: number;
  rule: number;
  participants: readonly ParticipantInput[];
}

/**
 * The parts of a pool as they will be saved (and as the preview shows them): each participant checked and
 * named, what the rule counts for them, and amounts adding up to the pool to the fen. Refusals in words.
 */
export async function planSplit(tx: Executor, tenantId: number, input: SplitRequest): Promise<ParticipantPart[]> {
  const seen = new Set<string>();
  const people = input.participants.map((person) => ({ ...person, id: Number(person.personId) }));
  const names = new Map<number, Map<number, string>>();
  for (const kind of participantKind.values) {
    const ids = people.filter((person) => person.personKind === kind).map((person) => person.id);
    if (ids.length > 0) names.set(kind, await namesOf(tx, tenantId, kind, ids));
  }
  for (const person of people) {
    const name = names.get(person.personKind)?.get(person.id);
    if (!name) throw businessError(`参与人：${participantKind.label(person.personKind)} #${person.personId} 不存在`);
    const key = `${person.personKind}-${person.id}`;
    if (seen.has(key)) throw businessError(`参与人：${name}重复添加`);
    seen.add(key);
  }
  const drivers = people.filter((person) => person.personKind === 1).map((person) => person.id);
  const counts =
    input.rule === 3
      ? await completedReferrals(tx, tenantId, drivers, input.periodStart, input.periodEnd)
      : new Map<number, number>();
  const counted = people.map((person) => ({
    ...person,
    weight: input.rule === 2 ? (person.weight ?? null) : null,
    referralCount: input.rule === 3 ? (person.personKind === 1 ? (counts.get(person.id) ?? 0) : 0) : null,
  }));
  const split = splitPool(input.totalAmount, input.rule, counted);
  if ('problem' in split) throw businessError(split.problem);
  return counted.map((person, index) => ({
    personKind: person.personKind,
    personId: String(person.id),
    personName: names.get(person.personKind)?.get(person.id) ?? '',
    weight: person.weight,
    referralCount: person.referralCount,
    amount: split.amounts[index] ?? 0,
  }));
}
