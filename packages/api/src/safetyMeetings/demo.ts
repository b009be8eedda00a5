import { beijingDay, driverStatus } from '@cp/contracts';
import { and, asc, count, desc, eq } from 'drizzle-orm';
import { businessNow } from '../clock';
import type { Db, Executor } from '../db';
import { drivers } from '../drivers/tables';
import { type Branch, seedEachBranch } from '../seed/branches';
import { safetyMeetingAttendees, safetyMeetingInvitees, safetyMeetings } from './tables';

const hour = 3_600_000;
const minute = 60_000;

/** A Beijing wall-clock time on the day `days` days ago (negative: to come). */
const at = (branch: Branch, days: number, clock: string) => new Date(`${branch.day(days)}T${clock}:00+08:00`);
const month = (branch: Branch, days: number) => `${Number(branch.day(days).slice(5, 7))}月`;
const quarter = (branch: Branch, days: number) =>
  ['一', '二', '三', '四'][Math.floor((Number(branch.day(days).slice(5, 7)) - 1) / 3)];

/** The city of the branch with the most 正常 drivers: where its meetings are held. */
async function busiestCity(tx: Executor, branch: Branch) {
  const [city] = await tx
    .select({ cityId: drivers.cityId, n: count() })
    .from(drivers)
    .where(and(eq(drivers.tenantId, branch.tenantId), eq(drivers.status, driverStatus.active)))
    .groupBy(drivers.cityId)
    .orderBy(desc(count()), asc(drivers.cityId))
    .limit(1);
  return city?.cityId ?? branch.cityIds[0] ?? 0;
}

const minutesOf = (topic: string) =>
  `一、通报近期${topic}相关的违章与事故情况；二、讲解防御性驾驶要点与典型案例；三、强调疲劳驾驶、超速、接打电话等禁止行为；四、布置下阶段安全检查与补学安排。`;

/** Past meetings (ended, one cancelled), one published and to come, one draft: each branch company's year. */
function meetings(branch: Branch, cityId: number) {
  const base = { cityId, host: '刘洋', photos: [], attachments: [] };
  const hall = '公司三楼培训室';
  return [
    {
      ...base,
      theme: `${month(branch, 12)}驾驶员安全例会`,
      type: 1,
      audience: 1,
      place: hall,
      lecturer: '张振华（交警支队宣传科）',
      startsAt: at(branch, 12, '14:00'),
      endsAt: at(branch, 12, '16:00'),
      status: 2,
      minutes: minutesOf('城市道路'),
      createdAt: branch.ago(20),
      publishedAt: branch.ago(19),
      updatedAt: branch.ago(11),
    },
    {
      ...base,
      theme: '冬季雨雪冰冻天气安全驾驶专项培训',
      type: 3,
      audience: 1,
      place: '线上（腾讯会议）',
      onlineLink: 'https://meeting.tencent.com/dm/8f3KxW2mQa',
      lecturer: '陈立（驾校安全教练）',
      startsAt: at(branch, 4, '19:30'),
      endsAt: at(branch, 4, '20:30'),
      status: 2,
      minutes: minutesOf('雨雪天气'),
      createdAt: branch.ago(9),
      publishedAt: branch.ago(8),
      updatedAt: branch.ago(3),
    },
    {
      ...base,
      theme: '违章司机回炉学习',
      type: 4,
      audience: 2,
      place: hall,
      lecturer: '刘洋',
      startsAt: at(branch, 20, '10:00'),
      endsAt: at(branch, 20, '12:00'),
      status: 2,
      minutes: minutesOf('闯红灯、超速'),
      createdAt: branch.ago(25),
      publishedAt: branch.ago(24),
      updatedAt: branch.ago(19),
    },
    {
      ...base,
      theme: `第${quarter(branch, -6)}季度安全生产工作会议`,
      type: 2,
      audience: 1,
      place: hall,
      onlineLink: 'https://meeting.tencent.com/dm/Q4safety26',
      lecturer: '王建国（分管副总经理）',
      startsAt: at(branch, -6, '14:00'),
      endsAt: at(branch, -6, '16:30'),
      status: 1,
      createdAt: branch.ago(3),
      publishedAt: branch.ago(2),
      updatedAt: branch.ago(2),
    },
    {
      ...base,
      theme: `${month(branch, -33)}驾驶员安全例会`,
      type: 1,
      audience: 1,
      place: hall,
      startsAt: at(branch, -33, '14:00'),
      endsAt: at(branch, -33, '16:00'),
      status: 0,
      createdAt: branch.ago(1),
    },
    {
      ...base,
      theme: `${month(branch, 50)}驾驶员安全例会`,
      type: 1,
      audience: 1,
      place: hall,
      startsAt: at(branch, 50, '14:00'),
      endsAt: at(branch, 50, '16:00'),
      status: 3,
      cancelReason: '与市交通运输局安全检查时间冲突，内容并入下月例会',
      createdAt: branch.ago(58),
      updatedAt: branch.ago(52),
    },
  ];
}

type Meeting = typeof safetyMeetings.$inferSelect;
type Driver = { id: number; name: string; mobile: string };

/** How each of ten attendees of an ended meeting did, in turn: signed in, staff's 补签, absent. */
const pattern = ['self', 'absent', 'self', 'staff', 'self', 'self', 'absent', 'self', 'self', 'self'] as const;

/**
 * How the i-th attendee of an ended meeting did: most signed in by 扫码 or APP around the start, one in ten
 * was signed in by staff after it, two in ten were absent and make it up five days later (once that has come).
 */
function attendance(meeting: Meeting, driver: Driver, i: number) {
  const row = { meetingId: meeting.id, driverId: driver.id, driverName: driver.name, mobile: driver.mobile };
  const published = meeting.publishedAt ?? meeting.createdAt;
  const stamps = { createdAt: published, updatedAt: published };
  if (meeting.status !== 2) return { ...row, ...stamps };
  const start = meeting.startsAt.getTime();
  const end = meeting.endsAt.getTime();
  const slot = pattern[i % pattern.length];
  if (slot === 'self') {
    const signedInAt = new Date(start - 15 * minute + (i % 25) * minute);
    return { ...row, ...stamps, attendance: 1, signedInAt, signInMethod: (i % 2) + 1, updatedAt: signedInAt };
  }
  if (slot === 'staff') {
    const signedInAt = new Date(end + 20 * minute);
    const reason = '手机没电无法扫码，已在纸质签到表签字';
    const signedIn = { attendance: 1, signedInAt, signInMethod: 3, signInReason: reason, signedInBy: '刘洋' };
    return { ...row, ...stamps, ...signedIn, updatedAt: signedInAt };
  }
  const madeUpAt = new Date(end + 5 * 24 * hour);
  if (madeUpAt < businessNow()) {
    const makeUp = { attendance: 3, makeUpDate: beijingDay(madeUpAt), makeUpNote: '观看会议录像并通过安全知识测试' };
    return { ...row, ...stamps, ...makeUp, updatedAt: madeUpAt };
  }
  return { ...row, ...stamps, attendance: 2, updatedAt: new Date(end + hour) };
}

/** Each branch company's meetings, then their attendees: the city's 正常 drivers, or the 回炉 meeting's six. */
export async function seedSafetyMeetings(db: Db) {
  await seedEachBranch(db, safetyMeetings, async (branch) => meetings(branch, await busiestCity(branch.tx, branch)));
  await seedEachBranch(db, safetyMeetingAttendees, async (branch) => {
    const held = await branch.tx
      .select()
      .from(safetyMeetings)
      .where(eq(safetyMeetings.tenantId, branch.tenantId))
      .orderBy(asc(safetyMeetings.id));
    const cityId = held[0]?.cityId ?? 0;
    const active = await branch.tx
      .select({ id: drivers.id, name: drivers.name, mobile: drivers.mobile })
      .from(drivers)
      .where(
        and(eq(drivers.tenantId, branch.tenantId), eq(drivers.cityId, cityId), eq(drivers.status, driverStatus.active)),
      )
      .orderBy(asc(drivers.id));
    const listed = active.slice(0, 6);
    const byList = held.filter((meeting) => meeting.audience === 2);
    if (byList.length > 0 && listed.length > 0) {
      await branch.tx
        .insert(safetyMeetingInvitees)
        .values(
          byList.flatMap((meeting) =>
            listed.map((driver) => ({ meetingId: meeting.id, driverId: driver.id, tenantId: branch.tenantId })),
          ),
        );
    }
    return held
      .filter((meeting) => meeting.status === 1 || meeting.status === 2)
      .flatMap((meeting) =>
        (meeting.audience === 2 ? listed : active).map((driver, i) => attendance(meeting, driver, i)),
      );
  });
}
