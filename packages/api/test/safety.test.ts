import { addDays, beijingDay, driverStatus, type PageResult, pointsScreens, pointsTaskCodes } from '@cp/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/migrate';
import { drivers } from '../src/drivers/tables';
import { markdownPdf } from '../src/pdf/documents';
import { safetyMeetings } from '../src/safetyMeetings/tables';
import { callsAs } from './calls';
import { activeDriver } from './driver-support';
import { startTestApp, type TestContext } from './harness';
import { uploadFile } from './qr-support';

type Row = Record<string, unknown> & { id: string; version: number };

let ctx: TestContext;
let admin: string;
let other: string;
let clerk: string;
let cityId: string;
let pdf: string;
const { get, post, put, send } = callsAs<Row, Row>(() => ({ ctx, token: admin }));

const minutes = (n: number) => new Date(Date.now() + n * 60_000).toISOString();
const today = beijingDay(new Date());
const day = (offset: number) => addDays(today, offset);

let serial = 0;
/** A meeting of the whole city open for sign-in now: started ten minutes ago, ending in an hour. */
const meeting = (fields: Record<string, unknown> = {}) => ({
  theme: `安全例会${++serial}`,
  type: 1,
  cityId,
  startsAt: minutes(-10),
  endsAt: minutes(60),
  place: '公司三楼培训室',
  host: '刘洋',
  audience: 1,
  ...fields,
});

const attendeesOf = async (meetingId: string, token = admin) =>
  (
    await get<PageResult<Row>>(
      `/api/safety-meeting-attendees/views/safetyMeetingAttendees?meetingId=${meetingId}&limit=500`,
      token,
    )
  ).data;

async function published(fields: Record<string, unknown> = {}) {
  const made = await post('/api/safety-meetings', meeting(fields));
  expect(made.msg).toBe('success');
  expect((await post(`/api/safety-meetings/${made.data.id}/publish`)).msg).toBe('success');
  return made.data.id;
}

/** A token of a user whose role opens 安全会议 and 安全制度 but holds none of their buttons. */
async function viewerOnly(): Promise<string> {
  const role = await post('/api/roles', {
    code: 'safetyViewer',
    name: '安全查看',
    menuKeys: ['securityConference', 'safetySystem'],
    buttonKeys: [],
  });
  const user = await post<{ password: string }>('/api/users', {
    loginId: 'safetyviewer',
    userName: '安全查看员',
    code: 'SV01',
    roleIds: [role.data.id],
  });
  return ctx.login('safetyviewer', user.data.password);
}

beforeAll(async () => {
  ctx = await startTestApp({}, { demoVehiclesPerTenant: 12 });
  admin = await ctx.login('admin', 'admin123');
  other = await ctx.loginToOtherTenant();
  const driver = await activeDriver(ctx, admin, '安全测试司机');
  cityId = String((await get(`/api/ride-hailing-drivers/${(driver as { id: string }).id}`)).data.cityId);
  clerk = await viewerOnly();
  const bytes = await markdownPdf('# 测试制度\n\n**第一条** 本制度自发布之日起施行。', '测试制度');
  pdf = await uploadFile(ctx, admin, '测试制度.pdf', bytes);
});
afterAll(() => ctx.close());

describe('安全会议', () => {
  it('freezes the city’s 正常 drivers as attendees when published: later hires and departures do not move 应到', async () => {
    const { db } = ctx.database;
    const id = await published();
    const [held] = await db
      .select()
      .from(safetyMeetings)
      .where(eq(safetyMeetings.id, Number(id)));
    const [active] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(drivers)
      .where(
        and(
          eq(drivers.tenantId, Number(held?.tenantId)),
          eq(drivers.cityId, Number(cityId)),
          eq(drivers.status, driverStatus.active),
        ),
      );
    const expected = (await get(`/api/safety-meetings/${id}`)).data.expected;
    expect(expected).toBe(active?.n);
    const listed = await attendeesOf(id);
    expect(listed.total).toBe(expected);

    const leaving = (await get(`/api/safety-meeting-attendees/${listed.list[0]?.id}`)).data;
    await db
      .update(drivers)
      .set({ status: driverStatus.churned })
      .where(eq(drivers.id, Number(leaving?.driverId)));
    await activeDriver(ctx, admin, '新入职司机');
    expect((await get(`/api/safety-meetings/${id}`)).data.expected).toBe(expected);
    expect((await attendeesOf(id)).list.map((row) => row.id)).toContain(leaving.id);
    expect((await get(`/api/safety-meetings/${id}`)).data).toMatchObject({ status: 1, present: 0 });
  });

  it('refuses a meeting without a place, an end before its start, a list without drivers, a link that is no address', async () => {
    expect(await post('/api/safety-meetings', meeting({ place: '' }))).toMatchObject({
      code: 400,
      msg: '会议地点：不能为空',
    });
    expect(await post('/api/safety-meetings', meeting({ endsAt: minutes(-20) }))).toMatchObject({
      msg: '结束时间：应晚于开始时间',
    });
    expect(await post('/api/safety-meetings', meeting({ audience: 2 }))).toMatchObject({
      msg: '参会司机：按名单邀请时请选择参会司机',
    });
    expect((await post('/api/safety-meetings', meeting({ onlineLink: 'meeting.qq.com/1' }))).msg).toBe(
      '线上链接：应以http://或https://开头',
    );
  });

  it('keeps time, city and audience once published; the minutes may still be written', async () => {
    const id = await published();
    const row = (await get(`/api/safety-meetings/${id}`)).data;
    const form = Object.fromEntries(
      ['theme', 'type', 'cityId', 'startsAt', 'endsAt', 'place', 'host', 'audience', 'driverIds'].map((name) => [
        name,
        row[name],
      ]),
    );
    const moved = await put(`/api/safety-meetings/${id}`, { ...form, startsAt: minutes(5), version: row.version });
    expect(moved.msg).toBe('会议已发布，会议时间、城市和参会范围不能修改；如需调整请取消会议后重新创建');
    const noted = await put(`/api/safety-meetings/${id}`, { ...form, lecturer: '张振华', version: row.version });
    expect(noted.msg).toBe('success');
    expect((await send('DELETE', `/api/safety-meetings/${id}`)).msg).toBe('安全会议当前为「已发布」，不能删除');
  });

  it('records one sign-in of a driver however many arrive at once', async () => {
    const id = await published();
    const attendee = (await attendeesOf(id)).list[0];
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => post(`/api/safety-meeting-attendees/${attendee?.id}/sign-in`, { method: 1 })),
    );
    expect(answers.filter((answer) => answer.code === 0)).toHaveLength(1);
    expect(answers.find((answer) => answer.code !== 0)?.msg).toBe('参会司机当前为「已签到」，不能签到');
    const rows = (await attendeesOf(id)).list.filter((row) => row.attendance === 1);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ signInMethod: 1, signedInBy: '系统管理员' });
    expect((await get(`/api/safety-meetings/${id}`)).data.present).toBe(1);
    // The one sign-in earned the driver 安全会议签到's points, once.
    const theme = (await get(`/api/safety-meetings/${id}`)).data.theme;
    const [{ driverId }] = rowsOf<{ driverId: string }>(
      await ctx.database.db.execute(
        sql`select driver_id::text as "driverId" from safety_meeting_attendees where id = ${Number(attendee?.id)}`,
      ),
    ) as [{ driverId: string }];
    const ledger = await get<PageResult<Row>>(
      `${pointsScreens.integralAllDetails.endpoint}?driverId=${driverId}&source=${pointsTaskCodes.safetyMeeting}`,
    );
    expect(ledger.msg).toBe('success');
    expect(ledger.data.list.filter((entry) => entry.title === `安全会议签到：${theme}`)).toHaveLength(1);
  });

  it('signs in from the app by mobile, only for an expected attendee', async () => {
    const id = await published();
    const attendee = (await attendeesOf(id)).list[1];
    const signed = await post(`/api/safety-meetings/${id}/sign-in`, { mobile: attendee?.mobile, method: 2 });
    expect(signed.msg).toBe('success');
    const again = await post(`/api/safety-meetings/${id}/sign-in`, { mobile: attendee?.mobile, method: 2 });
    expect(again.msg).toBe('参会司机当前为「已签到」，不能签到');
    const stranger = await post(`/api/safety-meetings/${id}/sign-in`, { mobile: '13900000000', method: 2 });
    expect(stranger.msg).toBe('该手机号不在本次会议的参会名单中');
  });

  it('takes sign-ins only in the window, 补签 only once it opened, 结束 only after the end', async () => {
    const id = await published({ startsAt: minutes(2 * 24 * 60), endsAt: minutes(2 * 24 * 60 + 90) });
    const attendee = (await attendeesOf(id)).list[0];
    const early = await post(`/api/safety-meeting-attendees/${attendee?.id}/sign-in`, { method: 1 });
    expect(early.msg).toMatch(/^不在签到时间内（.+ 至 .+），迟到或漏签请由工作人员补签$/);
    const staff = await post(`/api/safety-meeting-attendees/${attendee?.id}/staff-sign-in`, { reason: '提前到场' });
    expect(staff.msg).toBe('会议尚未开始签到，不能补签');
    expect((await post(`/api/safety-meetings/${id}/end`, { minutes: '会议纪要' })).msg).toMatch(
      /^会议尚未结束（结束时间/,
    );
    expect((await post(`/api/safety-meetings`, meeting({ startsAt: minutes(-120), endsAt: minutes(-60) }))).msg).toBe(
      'success',
    );
  });

  it('ends with the minutes: the unsigned are absent 待补学, then made up or signed in by staff with a reason', async () => {
    const id = await published();
    const [first, second, third] = (await attendeesOf(id)).list;
    await post(`/api/safety-meeting-attendees/${first?.id}/sign-in`, { method: 2 });
    // The meeting's end passes. It began three hours ago: on Beijing's yesterday in the first three hours of a
    // Beijing day, so a make-up too early is dated by the meeting's own day, not by today.
    const startsAt = new Date(Date.now() - 3 * 3_600_000);
    await ctx.database.db
      .update(safetyMeetings)
      .set({ startsAt, endsAt: new Date(Date.now() - 3_600_000) })
      .where(eq(safetyMeetings.id, Number(id)));
    expect((await post(`/api/safety-meetings/${id}/end`, {})).msg).toBe('会议纪要：不能为空');
    expect((await post(`/api/safety-meetings/${id}/end`, { minutes: '讲解冬季防滑' })).msg).toBe('success');
    const ended = (await get(`/api/safety-meetings/${id}`)).data;
    expect(ended).toMatchObject({ status: 2, minutes: '讲解冬季防滑', present: 1, madeUp: 0 });
    expect(ended.awaitingMakeUp).toBe(Number(ended.expected) - 1);

    const late = await post(`/api/safety-meeting-attendees/${second?.id}/sign-in`, { method: 1 });
    expect(late.msg).toBe('参会司机当前为「待补学」，不能签到');
    expect((await post(`/api/safety-meeting-attendees/${second?.id}/staff-sign-in`, {})).msg).toBe(
      '补签原因：不能为空',
    );
    const staff = await post(`/api/safety-meeting-attendees/${second?.id}/staff-sign-in`, {
      reason: '纸质签到表已签字',
    });
    expect(staff.msg).toBe('success');
    const early = await post(`/api/safety-meeting-attendees/${third?.id}/make-up`, {
      makeUpDate: addDays(beijingDay(startsAt), -1),
    });
    expect(early.msg).toBe('补学日期：不能早于会议日期');
    expect((await post(`/api/safety-meeting-attendees/${third?.id}/make-up`, { makeUpDate: today })).msg).toBe(
      'success',
    );
    const rows = new Map((await attendeesOf(id)).list.map((row) => [row.id, row]));
    expect(rows.get(String(second?.id))).toMatchObject({
      attendance: 1,
      signInMethod: 3,
      signInReason: '纸质签到表已签字',
    });
    expect(rows.get(String(third?.id))).toMatchObject({ attendance: 3, makeUpDate: today });
    expect((await get(`/api/safety-meetings/${id}`)).data).toMatchObject({ present: 2, madeUp: 1 });
  });

  it('refuses publishing a meeting already over, and cancels with a reason', async () => {
    const made = await post('/api/safety-meetings', meeting({ startsAt: minutes(-120), endsAt: minutes(-60) }));
    expect((await post(`/api/safety-meetings/${made.data.id}/publish`)).msg).toBe('会议结束时间已过，不能发布');
    expect((await post(`/api/safety-meetings/${made.data.id}/cancel`, { reason: '讲师临时有事' })).msg).toBe('success');
    expect((await get(`/api/safety-meetings/${made.data.id}`)).data).toMatchObject({
      status: 3,
      cancelReason: '讲师临时有事',
    });
  });

  it('keeps each branch company to its own meetings and attendees, and each action to its button', async () => {
    const id = await published();
    const attendee = (await attendeesOf(id)).list[0];
    expect((await get(`/api/safety-meetings/${id}`, other)).code).not.toBe(0);
    expect((await post(`/api/safety-meeting-attendees/${attendee?.id}/sign-in`, { method: 1 }, other)).code).not.toBe(
      0,
    );
    expect((await attendeesOf(id, other)).list).toHaveLength(0);
    const theirs = await get<PageResult<Row>>('/api/safety-meetings?limit=100', other);
    expect(theirs.data.list.map((row) => row.id)).not.toContain(id);

    expect((await get(`/api/safety-meetings/${id}`, clerk)).code).toBe(0);
    const draft = await post('/api/safety-meetings', meeting(), clerk);
    expect(draft).toMatchObject({ code: 403, msg: '无权限' });
    const signIn = await post(`/api/safety-meeting-attendees/${attendee?.id}/sign-in`, { method: 1 }, clerk);
    expect(signIn).toMatchObject({ code: 403, msg: '无权限' });
    expect(await post(`/api/safety-meetings/${id}/end`, { minutes: '纪要' }, clerk)).toMatchObject({ code: 403 });
  });

  it('seeds each branch company with ended meetings that had sign-ins and absentees, and one to come', async () => {
    for (const token of [admin, other]) {
      const rows = (await get<PageResult<Row>>('/api/safety-meetings?limit=100&sort=startsAt&order=asc', token)).data
        .list;
      const ended = rows.filter(
        (row) => row.status === 2 && String(row.theme).length > 0 && !/^安全例会\d+$/.test(String(row.theme)),
      );
      expect(ended.length).toBeGreaterThanOrEqual(3);
      expect(ended.every((row) => Number(row.present) > 0)).toBe(true);
      expect(ended.some((row) => Number(row.awaitingMakeUp) > 0)).toBe(true);
      expect(ended.some((row) => Number(row.madeUp) > 0)).toBe(true);
      const upcoming = rows.filter((row) => row.status === 1 && Date.parse(String(row.startsAt)) > Date.now());
      expect(upcoming.length).toBeGreaterThanOrEqual(1);
    }
  });
});

describe('安全制度', () => {
  let titleSerial = 0;
  const regulation = (fields: Record<string, unknown> = {}) => ({
    title: `测试制度${titleSerial}`,
    category: 1,
    edition: 'V1.0',
    department: '安全管理部',
    effectiveDate: day(-100),
    file: [pdf],
    ...fields,
  });
  const statuses = async (title: string) =>
    (await get<PageResult<Row>>(`/api/safety-regulations?title=${encodeURIComponent(title)}&limit=50`)).data.list
      .map((row) => [row.edition, row.status, row.endsOn ?? null])
      .sort((a, b) => String(a[0]).localeCompare(String(b[0])));

  it('supersedes a version on the next one’s effective date: one version of a 制度 is 生效 at a time', async () => {
    titleSerial++;
    const title = `测试制度${titleSerial}`;
    expect((await post('/api/safety-regulations', regulation())).msg).toBe('success');
    expect(await statuses(title)).toEqual([['V1.0', 1, null]]);
    expect((await post('/api/safety-regulations', regulation({ edition: 'V2.0', effectiveDate: day(-1) }))).msg).toBe(
      'success',
    );
    expect((await post('/api/safety-regulations', regulation({ edition: 'V3.0', effectiveDate: day(10) }))).msg).toBe(
      'success',
    );
    expect(await statuses(title)).toEqual([
      ['V1.0', 2, day(-1)],
      ['V2.0', 1, day(10)],
      ['V3.0', 0, null],
    ]);
    const inForce = await get<PageResult<Row>>(`/api/safety-regulations?title=${encodeURIComponent(title)}&status=1`);
    expect(inForce.data.list.map((row) => row.edition)).toEqual(['V2.0']);
  });

  it('refuses a repeated label or day, a version before the latest, and a file that is not a PDF', async () => {
    titleSerial++;
    await post('/api/safety-regulations', regulation({ effectiveDate: day(-30) }));
    expect((await post('/api/safety-regulations', regulation({ effectiveDate: day(-5) }))).msg).toBe(
      '制度版本：「V1.0」已存在，请填写新的版本号',
    );
    expect((await post('/api/safety-regulations', regulation({ edition: 'V2.0', effectiveDate: day(-30) }))).msg).toBe(
      '生效日期：与版本「V1.0」相同，同一制度的两个版本不能同日生效',
    );
    expect((await post('/api/safety-regulations', regulation({ edition: 'V0.9', effectiveDate: day(-60) }))).msg).toBe(
      `生效日期：应晚于版本「V1.0」的生效日期（${day(-30)}）`,
    );
    expect((await post('/api/safety-regulations', regulation({ edition: 'V2.0', file: [] }))).msg).toBe(
      '制度文件：请上传',
    );
    const png = await uploadFile(ctx, admin, '扫描件.png', Buffer.from('89504e470d0a1a0a', 'hex'));
    const refused = await post(
      '/api/safety-regulations',
      regulation({ edition: 'V2.0', effectiveDate: day(1), file: [png] }),
    );
    expect(refused.code).not.toBe(0);
    expect(refused.msg).toMatch(/制度文件/);
  });

  it('saves one of several new versions sent at once for the same day', async () => {
    titleSerial++;
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, n) =>
        post('/api/safety-regulations', regulation({ edition: `V${n + 1}.0`, effectiveDate: day(3) })),
      ),
    );
    expect(answers.filter((answer) => answer.code === 0)).toHaveLength(1);
    expect(answers.find((answer) => answer.code !== 0)?.msg).toMatch(/^生效日期：与版本「V\d\.0」相同/);
  });

  it('keeps a version in force as it is (its department may be corrected), deletes only one to come; 废止 only the one in force', async () => {
    titleSerial++;
    const current = (await post('/api/safety-regulations', regulation({ effectiveDate: day(-10) }))).data;
    const coming = (await post('/api/safety-regulations', regulation({ edition: 'V2.0', effectiveDate: day(20) })))
      .data;
    const form = (row: Row) =>
      Object.fromEntries(
        ['title', 'category', 'edition', 'department', 'effectiveDate', 'file'].map((name) => [name, row[name]]),
      );
    const corrected = await put(`/api/safety-regulations/${current.id}`, {
      ...form(current),
      department: '运营部',
      version: 1,
    });
    expect(corrected.msg).toBe('success');
    const other = await uploadFile(ctx, admin, '新文件.pdf', await markdownPdf('# 新文件', '新文件'));
    expect(
      (await put(`/api/safety-regulations/${current.id}`, { ...form(current), file: [other], version: 2 })).msg,
    ).toBe('制度已生效，名称、版本、生效日期和文件不能修改；如需修订请新增版本');
    expect((await send('DELETE', `/api/safety-regulations/${current.id}`)).msg).toBe(
      '制度已生效，不能删除；如不再执行请废止',
    );
    expect((await post(`/api/safety-regulations/${coming.id}/repeal`, { reason: '撤回修订' })).msg).toBe(
      '制度尚未生效，不能废止；可修改或删除',
    );
    expect(
      (
        await put(`/api/safety-regulations/${coming.id}`, {
          ...form(coming),
          effectiveDate: day(25),
          version: coming.version,
        })
      ).msg,
    ).toBe('success');
    expect((await send('DELETE', `/api/safety-regulations/${coming.id}`)).msg).toBe('success');
    expect((await post(`/api/safety-regulations/${current.id}/repeal`, {})).msg).toBe('废止原因：不能为空');
    expect((await post(`/api/safety-regulations/${current.id}/repeal`, { reason: '业务调整' })).msg).toBe('success');
    expect((await get(`/api/safety-regulations/${current.id}`)).data).toMatchObject({
      status: 2,
      repealReason: '业务调整',
      endsOn: today,
    });
  });

  it('keeps each branch company to its own versions, 废止 to its button, and seeds 制度 with their PDFs', async () => {
    titleSerial++;
    const mine = (await post('/api/safety-regulations', regulation())).data;
    expect((await get(`/api/safety-regulations/${mine.id}`, other)).code).not.toBe(0);
    expect((await post(`/api/safety-regulations/${mine.id}/repeal`, { reason: '越权' }, other)).code).not.toBe(0);
    expect(await post(`/api/safety-regulations/${mine.id}/repeal`, { reason: '越权' }, clerk)).toMatchObject({
      code: 403,
      msg: '无权限',
    });
    for (const token of [admin, other]) {
      const seeded = (await get<PageResult<Row>>('/api/safety-regulations?title=应急预案&limit=50', token)).data.list;
      expect(seeded.map((row) => [row.edition, row.status])).toEqual([
        ['2026版', 0],
        ['2025版', 1],
      ]);
      const detail = await get(`/api/safety-regulations/${seeded[0]?.id}`, token);
      expect(detail.data.file).toHaveLength(1);
      expect(Object.values(detail.data.fileNames as object)).toEqual(['突发事件应急预案（2026版）.pdf']);
    }
  });
});
