import { createHash, createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callsAs } from './calls';
import { startTestApp, type TestContext } from './harness';

let ctx: TestContext;
let admin: string;

type Row = Record<string, unknown> & { id: string; version: number };
interface Page {
  list: Row[];
  total: number;
}

beforeAll(async () => {
  ctx = await startTestApp();
  admin = await ctx.login('admin', 'admin123');
});
afterAll(() => ctx.close());

const { get, put } = callsAs<Page, Row>(() => ({ ctx, token: admin }));
const post = (url: string, payload?: object, token = admin) =>
  ctx.request<Row>({ method: 'POST', url, token, ...(payload ? { payload } : {}) });
const minutes = (n: number) => new Date(Date.now() + n * 60_000).toISOString();

let serial = 0;
/** A draw with its prizes, published when asked; it runs from a minute ago for an hour unless told. */
async function drawWith(
  prizes: { probability: number; stock: number }[],
  options: { publish?: boolean; startsAt?: string; endsAt?: string } = {},
) {
  serial += 1;
  const created = await post('/api/prize-draws', {
    name: `测试抽奖${serial}`,
    startsAt: options.startsAt ?? minutes(-1),
    endsAt: options.endsAt ?? minutes(60),
    rules: '每人一次',
  });
  expect(created.msg).toBe('success');
  const drawId = created.data.id;
  for (const [index, prize] of prizes.entries()) {
    const saved = await post('/api/prize-draw-prizes', { drawId, name: `奖品${index}`, level: index + 1, ...prize });
    expect(saved.msg).toBe('success');
  }
  if (options.publish !== false) expect((await post(`/api/prize-draws/${drawId}/publish`)).msg).toBe('success');
  return drawId;
}

let mobileSerial = 0;
async function participant(drawId: string, chances = 1) {
  mobileSerial += 1;
  const mobile = `139${String(mobileSerial).padStart(8, '0')}`;
  const saved = await post('/api/prize-draw-participants', { drawId, name: `参与人${mobileSerial}`, mobile, chances });
  expect(saved.msg).toBe('success');
  return { id: saved.data.id, mobile };
}

const drawOnce = (participantId: string, token = admin) =>
  post(`/api/prize-draw-participants/${participantId}/draw`, undefined, token);

describe('抽奖管理', () => {
  it('keeps the prizes of a draw within 100% and publishes only a draw with prizes', async () => {
    const drawId = await drawWith([], { publish: false });
    expect((await post(`/api/prize-draws/${drawId}/publish`)).msg).toBe('请先添加奖品再发布');
    expect(
      (await post('/api/prize-draw-prizes', { drawId, name: '头奖', level: 1, probability: 6000, stock: 1 })).msg,
    ).toBe('success');
    const over = await post('/api/prize-draw-prizes', { drawId, name: '二奖', level: 2, probability: 4001, stock: 1 });
    expect(over.msg).toBe('中奖概率：各奖品之和不能超过10000（100%），当前合计10001');
    expect((await post(`/api/prize-draws/${drawId}/end`)).msg).toBe('抽奖活动当前为「草稿」，不能提前结束');
    expect((await post(`/api/prize-draws/${drawId}/publish`)).msg).toBe('success');
    expect((await post(`/api/prize-draws/${drawId}/publish`)).msg).toBe('抽奖活动当前为「已发布」，不能发布');
    const added = await post('/api/prize-draw-prizes', { drawId, name: '加奖', level: 3, probability: 1, stock: 1 });
    expect(added.msg).toBe('活动已发布，奖品不能再修改');
    expect((await ctx.request({ method: 'DELETE', url: `/api/prize-draws/${drawId}`, token: admin })).msg).toBe(
      '抽奖活动当前为「已发布」，不能删除',
    );
    const draw = (await get<Row>(`/api/prize-draws/${drawId}`)).data;
    expect(draw).toMatchObject({ status: 1, phase: 2, revealedSeed: null });
    const ended = await put(`/api/prize-draws/${drawId}`, { ...pick(draw), startsAt: minutes(5) });
    expect(ended.msg).toBe('活动已发布，开始时间不能修改，结束时间只能延后');
  });

  it('refuses an end before the start', async () => {
    const refused = await post('/api/prize-draws', { name: '时间颠倒', startsAt: minutes(10), endsAt: minutes(5) });
    expect(refused.msg).toBe('结束时间：应晚于开始时间');
  });

  it('draws only within the period, as many times as the participant may', async () => {
    const future = await drawWith([{ probability: 10000, stock: 5 }], { startsAt: minutes(30), endsAt: minutes(90) });
    const early = await participant(future);
    expect((await drawOnce(early.id)).msg).toBe('活动尚未开始，不能抽奖');

    const drawId = await drawWith([{ probability: 10000, stock: 5 }]);
    const twice = await participant(drawId, 2);
    expect((await drawOnce(twice.id)).data).toMatchObject({ won: true, attempt: 1, prizeName: '奖品0' });
    expect((await drawOnce(twice.id)).data).toMatchObject({ won: true, attempt: 2 });
    expect((await drawOnce(twice.id)).msg).toBe('参与人当前为「次数已用完」，不能抽奖');
    expect((await get<Row>(`/api/prize-draw-participants/${twice.id}`)).data).toMatchObject({ used: 2, status: 1 });
    const lowered = await put(`/api/prize-draw-participants/${twice.id}`, {
      name: '参与人',
      mobile: twice.mobile,
      chances: 1,
      version: 3,
    });
    expect(lowered.msg).toBe('抽奖次数：不能少于已抽次数2');
    expect(
      (await ctx.request({ method: 'DELETE', url: `/api/prize-draw-participants/${twice.id}`, token: admin })).msg,
    ).toBe('该参与人已抽奖，不能删除');

    const late = await participant(drawId);
    expect((await post(`/api/prize-draws/${drawId}/end`)).msg).toBe('success');
    expect((await drawOnce(late.id)).msg).toBe('活动已提前结束，不能抽奖');
  });

  it('answers a mobile already in the draw as 已存在, also when added at once', async () => {
    const drawId = await drawWith([{ probability: 100, stock: 1 }]);
    const body = { drawId, name: '重复', mobile: '13700000001' };
    const answers = await Promise.all([1, 2, 3].map(() => post('/api/prize-draw-participants', body)));
    expect(answers.filter((answer) => answer.code === 0)).toHaveLength(1);
    for (const answer of answers.filter((a) => a.code !== 0)) expect(answer.msg).toBe('手机号 13700000001 已存在');
  });

  it('lets an auditor recompute every outcome from the seed revealed when the draw is over', async () => {
    const drawId = await drawWith([
      { probability: 2000, stock: 100 },
      { probability: 3000, stock: 100 },
    ]);
    const people = await Promise.all([1, 2, 3, 4, 5, 6].map(() => participant(drawId, 2)));
    for (const person of people) for (const _ of [1, 2]) expect((await drawOnce(person.id)).code).toBe(0);
    const before = (await get<Row>(`/api/prize-draws/${drawId}`)).data;
    expect(before.revealedSeed).toBeNull();
    await post(`/api/prize-draws/${drawId}/end`);
    const draw = (await get<Row>(`/api/prize-draws/${drawId}`)).data;
    const seed = String(draw.revealedSeed);
    expect(createHash('sha256').update(seed).digest('hex')).toBe(draw.seedHash);
    const prizes = (await get(`/api/prize-draw-prizes/views/prizeDrawPrizes?drawId=${drawId}`)).data.list;
    const names = prizes.map((prize) => String(prize.name)).sort();
    const records = (await get(`/api/prize-draw-records/views/prizeDrawRecords?drawId=${drawId}&limit=50`)).data.list;
    expect(records).toHaveLength(12);
    const byPerson = new Map(people.map((person) => [person.mobile, person.id]));
    for (const record of records) {
      const detail = (await get<Row>(`/api/prize-draw-records/${record.id}`)).data;
      const message = `${drawId}:${byPerson.get(String(record.mobile))}:${record.attempt}`;
      const digest = createHmac('sha256', Buffer.from(seed, 'hex')).update(message).digest('hex');
      expect(detail.digest).toBe(digest);
      const value = Math.floor((Number.parseInt(digest.slice(0, 8), 16) * 10000) / 2 ** 32);
      expect(record.draw).toBe(value);
      const expected = value < 2000 ? names[0] : value < 5000 ? names[1] : null;
      expect(record.prizeName ?? null).toBe(expected);
    }
  });

  it('never gives more prizes than the stock, however many draw at once', async () => {
    const drawId = await drawWith([{ probability: 10000, stock: 3 }]);
    const people = await Promise.all(Array.from({ length: 16 }, () => participant(drawId)));
    const answers = await Promise.all(people.map((person) => drawOnce(person.id)));
    expect(answers.every((answer) => answer.code === 0)).toBe(true);
    expect(answers.filter((answer) => answer.data.won)).toHaveLength(3);
    const winners = await get(`/api/prize-draw-records/views/prizeDrawWinners?drawId=${drawId}`);
    expect(winners.data.total).toBe(3);
    const listed = (await get(`/api/prize-draws?name=${encodeURIComponent('测试抽奖')}&limit=50`)).data.list;
    expect(listed.find((row) => row.id === drawId)).toMatchObject({ participantCount: 16, winnerCount: 3, phase: 2 });
    const [prize] = (await get(`/api/prize-draw-prizes/views/prizeDrawPrizes?drawId=${drawId}`)).data.list;
    expect(prize).toMatchObject({ stock: 3, given: 3, remaining: 0 });
    const empty = (await get(`/api/prize-draw-records/views/prizeDrawRecords?drawId=${drawId}&won=0&limit=1`)).data;
    expect(empty.list[0]?.note).toBe('抽中「奖品0」但已发完，按未中奖处理');
  });

  it('draws for the app by mobile, on the same rules', async () => {
    const drawId = await drawWith([{ probability: 10000, stock: 2 }]);
    const person = await participant(drawId);
    const drawn = await post(`/api/prize-draws/${drawId}/draw`, { mobile: person.mobile });
    expect(drawn.data).toMatchObject({ won: true, message: '恭喜中奖：奖品0' });
    expect((await post(`/api/prize-draws/${drawId}/draw`, { mobile: person.mobile })).msg).toBe(
      '参与人当前为「次数已用完」，不能抽奖',
    );
    expect((await post(`/api/prize-draws/${drawId}/draw`, { mobile: '13600000000' })).msg).toBe(
      '该手机号不是本活动的参与人',
    );
    const [record] = (await get(`/api/prize-draw-records/views/prizeDrawWinners?drawId=${drawId}`)).data.list;
    expect(record).toMatchObject({ channel: 1, operator: `${record?.participantName}（APP）` });
  });

  it('hides a draw and its rows from another branch company, and refuses ops', async () => {
    const drawId = await drawWith([{ probability: 10000, stock: 1 }]);
    const person = await participant(drawId);
    const shanghai = await ctx.loginToOtherTenant();
    expect((await get(`/api/prize-draws/${drawId}`, shanghai)).msg).toBe('抽奖活动不存在');
    expect((await drawOnce(person.id, shanghai)).msg).toBe('参与人不存在');
    expect(
      (await get(`/api/prize-draw-participants/views/prizeDrawParticipants?drawId=${drawId}`, shanghai)).data.total,
    ).toBe(0);
    const foreign = await post(
      '/api/prize-draw-participants',
      { drawId, name: '外人', mobile: '13500000000' },
      shanghai,
    );
    expect(foreign.msg).toBe('抽奖活动不存在');
    admin = await ctx.login('admin', 'admin123');
    const ops = await ctx.login('ops', 'ops123');
    for (const answer of [
      await get('/api/prize-draws', ops),
      await drawOnce(person.id, ops),
      await post('/api/prize-draws', { name: '越权', startsAt: minutes(1), endsAt: minutes(2) }, ops),
    ]) {
      expect(answer).toMatchObject({ code: 403, msg: '无权限' });
    }
  });
});

/** The editable fields of a draw as the edit form sends them. */
function pick(draw: Row) {
  return { name: draw.name, startsAt: draw.startsAt, endsAt: draw.endsAt, rules: draw.rules, version: draw.version };
}
