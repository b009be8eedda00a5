import { defaultAwardAmount, referralStages as s } from '@cp/contracts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { auditLog } from '../audit/tables';
import type { Db } from '../db';
import { drivers } from '../drivers/tables';
import { accounts, users } from '../identity/tables';
import { referralAwards, referrals } from '../referrals/tables';

const day = 86_400_000;
const hour = 3_600_000;
const surnames = ['刘', '陈', '杨', '赵', '黄', '周', '吴', '徐', '孙', '马', '朱', '胡'];
const givens = ['志强', '海燕', '国华', '建军', '晓东', '丽娟', '文斌', '春梅', '永刚', '秀英', '俊杰', '雪梅'];

/** The stages a demo referral went through, days after its invitation, and where it ended. */
const stories: readonly { stage: number; days: readonly number[]; award?: number }[] = [
  { stage: s.delivered, days: [2, 6, 9], award: 4 },
  { stage: s.delivered, days: [1, 5, 12], award: 4 },
  { stage: s.delivered, days: [3, 8, 11], award: 2 },
  { stage: s.delivered, days: [2, 4, 7], award: 3 },
  { stage: s.delivered, days: [4, 9, 15], award: 1 },
  { stage: s.delivered, days: [1, 3, 6] },
  { stage: s.signed, days: [2, 5] },
  { stage: s.signed, days: [3, 10] },
  { stage: s.registered, days: [1] },
  { stage: s.registered, days: [4] },
  { stage: s.invited, days: [] },
  { stage: s.invited, days: [] },
  { stage: s.invalid, days: [] },
  { stage: s.invalid, days: [2] },
];

/**
 * 司机拉新 and 奖励申请 of a branch company: its 正常 drivers invite people over the past months; those who
 * registered became drivers of the branch (the invitee is one of its drivers), the rest are new names. Awards
 * for most delivered referrals, in every status. Written once: an invitee mobile already there is kept.
 */
export async function seedDemoReferrals(db: Db, tenantId: number, now = new Date()) {
  const people = await db
    .select({ id: drivers.id, name: drivers.name, mobile: drivers.mobile })
    .from(drivers)
    .where(and(eq(drivers.tenantId, tenantId), eq(drivers.status, 1)))
    .orderBy(asc(drivers.id))
    .limit(40);
  if (people.length < 4) return;
  const [admin] = await db
    .select({ id: users.id, name: users.userName })
    .from(accounts)
    .innerJoin(users, eq(users.id, accounts.userId))
    .where(eq(accounts.tenantId, tenantId))
    .orderBy(asc(users.id))
    .limit(1);
  const inviters = people.slice(0, Math.min(4, Math.floor(people.length / 2)));
  const invitees = people.slice(inviters.length);
  const planned = stories.map((story, index) => {
    const driver = story.stage >= s.registered && story.stage !== s.invalid ? invitees[index] : undefined;
    const name = driver?.name ?? `${surnames[(index + tenantId) % 12]}${givens[(index * 5 + tenantId) % 12]}`;
    const mobile = driver?.mobile ?? `1560${String(tenantId).padStart(3, '0')}${String(1000 + index).slice(-4)}`;
    return { story, index, driver, name, mobile };
  });
  const existing = new Set(
    (
      await db
        .select({ mobile: referrals.inviteeMobile })
        .from(referrals)
        .where(
          and(
            eq(referrals.tenantId, tenantId),
            inArray(
              referrals.inviteeMobile,
              planned.map((row) => row.mobile),
            ),
          ),
        )
    ).map((row) => row.mobile),
  );
  for (const { story, index, driver, name, mobile } of planned) {
    if (existing.has(mobile)) continue;
    const inviter = inviters[index % inviters.length];
    if (!inviter || inviter.mobile === mobile) continue;
    const last = story.days.at(-1) ?? 0;
    // Invited between a fortnight and five months ago; every stage well before now.
    const invitedAt = new Date(now.getTime() - (14 + ((index * 11) % 140) + last) * day - ((index * 7) % 9) * hour);
    const at = (n: number) => {
      const offset = story.days[n];
      return offset === undefined ? null : new Date(invitedAt.getTime() + offset * day + 3 * hour);
    };
    const invalid = story.stage === s.invalid;
    const invalidatedAt = invalid ? new Date(invitedAt.getTime() + (last + 6) * day) : null;
    await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(referrals)
        .values({
          tenantId,
          inviterId: inviter.id,
          inviteeName: name,
          inviteeMobile: mobile,
          inviteeDriverId: driver?.id ?? null,
          invitedAt,
          stage: story.stage,
          registeredAt: at(0),
          signedAt: at(1),
          deliveredAt: at(2),
          invalidatedAt,
          invalidReason: invalid ? (story.days.length ? '注册后一直未签约，联系不上' : '本人表示暂不考虑租车') : null,
          remark: index % 3 === 0 ? '门店活动现场登记' : null,
          createdAt: invitedAt,
          updatedAt: invalidatedAt ?? at(2) ?? at(1) ?? at(0) ?? invitedAt,
          createdBy: admin?.id ?? null,
          updatedBy: admin?.id ?? null,
        })
        .returning({ id: referrals.id });
      const id = Number(row?.id);
      const entry = (action: string, when: Date, changes: Record<string, { from: unknown; to: unknown }>) => ({
        tenantId,
        userId: admin?.id ?? null,
        userName: admin?.name ?? null,
        action,
        entity: 'referral',
        entityId: String(id),
        changes,
        at: when,
      });
      const entries = [entry('create', invitedAt, { inviteeName: { from: null, to: name } })];
      const steps = ['register', 'sign', 'deliver'] as const;
      const columns = ['registeredAt', 'signedAt', 'deliveredAt'] as const;
      steps.forEach((action, n) => {
        const when = at(n);
        if (when) {
          entries.push(
            entry(action, when, {
              stage: { from: n + 1, to: n + 2 },
              [columns[n] as string]: { from: null, to: when },
            }),
          );
        }
      });
      if (invalidatedAt) {
        entries.push(entry('invalidate', invalidatedAt, { stage: { from: story.days.length + 1, to: s.invalid } }));
      }
      await tx.insert(auditLog).values(entries);
      const delivered = at(2);
      if (!story.award || !delivered) return;
      const applied = new Date(Math.min(delivered.getTime() + 2 * day, now.getTime() - day));
      const reviewed = new Date(Math.min(applied.getTime() + day, now.getTime() - hour));
      await tx.insert(referralAwards).values({
        tenantId,
        referralId: id,
        inviterId: inviter.id,
        amount: story.award === 3 ? 120_000 : defaultAwardAmount,
        reason: `邀请${name}租车，已于${delivered.toISOString().slice(0, 10)}交车`,
        status: story.award,
        applicantId: admin?.id ?? 0,
        rejectReason: story.award === 3 ? '金额超出拉新奖励标准（750元），请按标准重新申请' : null,
        reviewedAt: story.award > 1 ? reviewed : null,
        paymentReference:
          story.award === 4 ? `ZF${reviewed.toISOString().slice(0, 10).replaceAll('-', '')}${id}` : null,
        paidOn: story.award === 4 ? reviewed.toISOString().slice(0, 10) : null,
        createdAt: applied,
        updatedAt: story.award > 1 ? reviewed : applied,
        createdBy: admin?.id ?? null,
        updatedBy: admin?.id ?? null,
      });
    });
  }
}
