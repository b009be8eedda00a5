import { createHash, randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../db';
import { writtenBy } from '../db/columns';
import { users } from '../identity/tables';
import { drawValue, prizeAt } from '../prizeDraws/draw';
import { drawRecords, participants, prizeDraws, prizes } from '../prizeDraws/tables';
import { seededRandom } from './random';

const day = 86_400_000;
const surnames = ['王', '李', '张', '刘', '陈', '杨', '赵', '黄', '周', '吴', '徐', '孙', '马', '朱', '胡', '郭'];
const given = ['伟', '强', '磊', '军', '勇', '杰', '涛', '斌', '超', '明', '刚', '平', '辉', '鹏', '华', '飞'];

interface DemoDraw {
  name: string;
  /** Days from today. */
  starts: number;
  ends: number;
  status: 1 | 2;
  rules: string;
  prizes: { name: string; level: number; probability: number; stock: number; value: number }[];
  participants: number;
  /** Share of participants who have drawn by now. */
  drawn: number;
}

const rulesText = (who: string) =>
  `参与对象：${who}。每人按分配的抽奖次数参与，奖品以实物或租金抵扣券形式发放，中奖后7个工作日内由门店联系领取。`;

/** A finished draw with its winners, one running now, one announced for next month. */
const demoDraws: DemoDraw[] = [
  {
    name: '春季安全驾驶抽奖',
    starts: -75,
    ends: -45,
    status: 1,
    rules: rulesText('当季零违章的在租司机'),
    prizes: [
      { name: '车载空气净化器', level: 1, probability: 500, stock: 3, value: 59_900 },
      { name: '一周租金抵扣券', level: 2, probability: 1500, stock: 8, value: 120_000 },
      { name: '免费洗车券', level: 3, probability: 3000, stock: 30, value: 3_000 },
    ],
    participants: 40,
    drawn: 1,
  },
  {
    name: '司机节幸运抽奖',
    starts: -10,
    ends: 20,
    status: 1,
    rules: rulesText('在租满三个月的网约车司机'),
    prizes: [
      { name: '半月租金抵扣券', level: 1, probability: 300, stock: 2, value: 250_000 },
      { name: '行车记录仪', level: 2, probability: 1200, stock: 6, value: 39_900 },
      { name: '保养代金券', level: 3, probability: 2500, stock: 20, value: 10_000 },
    ],
    participants: 30,
    drawn: 0.5,
  },
  {
    name: '年中续租感恩抽奖',
    starts: 12,
    ends: 42,
    status: 1,
    rules: rulesText('年中续签租约的司机'),
    prizes: [
      { name: '一个月租金抵扣券', level: 0, probability: 100, stock: 1, value: 500_000 },
      { name: '车载冰箱', level: 1, probability: 800, stock: 5, value: 69_900 },
    ],
    participants: 12,
    drawn: 0,
  },
];

async function writeDraw(tx: Tx, tenantId: number, userId: number, spec: DemoDraw, seedNumber: number) {
  const random = seededRandom(seedNumber);
  const now = Date.now();
  const startsAt = new Date(now + spec.starts * day);
  const endsAt = new Date(now + spec.ends * day);
  const createdAt = new Date(Math.min(now, startsAt.getTime()) - 7 * day);
  const seed = randomBytes(32).toString('hex');
  const who = { ...writtenBy({ tenantId, userId }), createdAt, updatedAt: createdAt };
  const [draw] = await tx
    .insert(prizeDraws)
    .values({
      ...who,
      name: spec.name,
      startsAt,
      endsAt,
      rules: spec.rules,
      status: spec.status,
      seed,
      seedHash: createHash('sha256').update(seed).digest('hex'),
    })
    .returning({ id: prizeDraws.id });
  if (!draw) return;
  const saved = await tx
    .insert(prizes)
    .values(spec.prizes.map((prize) => ({ ...who, drawId: draw.id, ...prize })))
    .returning({
      id: prizes.id,
      name: prizes.name,
      level: prizes.level,
      probability: prizes.probability,
      stock: prizes.stock,
    });
  const ordered = [...saved].sort((a, b) => a.level - b.level || a.id - b.id);
  const givenOf = new Map<number, number>();
  // Draws happened between the start and now (or the end), each participant's in their turn.
  const until = Math.min(now, endsAt.getTime()) - 60_000;
  for (let index = 0; index < spec.participants; index += 1) {
    const chances = random.next() < 0.3 ? 2 : 1;
    const name = `${random.pick(surnames)}${random.pick(given)}${random.next() < 0.4 ? random.pick(given) : ''}`;
    const mobile = `1${random.pick(['37', '38', '39', '58', '86', '89'])}${String(random.int(0, 99_999_999)).padStart(8, '0')}`;
    const used = random.next() < spec.drawn ? chances : 0;
    const [person] = await tx
      .insert(participants)
      .values({
        ...who,
        drawId: draw.id,
        name,
        mobile,
        externalRef: random.next() < 0.5 ? `SJ${String(random.int(10_000, 99_999))}` : null,
        chances,
        used,
        status: used >= chances ? 1 : 0,
      })
      .onConflictDoNothing()
      .returning({ id: participants.id });
    if (!person) continue;
    for (let attempt = 1; attempt <= used; attempt += 1) {
      const { digest, value } = drawValue(seed, draw.id, person.id, attempt);
      const hit = prizeAt(ordered, value);
      const won = hit !== undefined && (givenOf.get(hit.id) ?? 0) < hit.stock;
      if (hit && won) givenOf.set(hit.id, (givenOf.get(hit.id) ?? 0) + 1);
      const drawnAt = new Date(startsAt.getTime() + random.next() * (until - startsAt.getTime()));
      await tx.insert(drawRecords).values({
        ...who,
        createdAt: drawnAt,
        updatedAt: drawnAt,
        drawId: draw.id,
        participantId: person.id,
        participantName: name,
        mobile,
        attempt,
        drawnAt,
        digest,
        draw: value,
        won,
        prizeId: hit?.id ?? null,
        prizeName: hit?.name ?? null,
        prizeLevel: hit?.level ?? null,
        channel: random.next() < 0.8 ? 1 : 0,
        operator: `${name}（APP）`,
        note: hit && !won ? `抽中「${hit.name}」但已发完，按未中奖处理` : null,
      });
    }
  }
  for (const [prizeId, count] of givenOf) await tx.update(prizes).set({ given: count }).where(eq(prizes.id, prizeId));
}

/** 抽奖管理's demo draws in a branch company: each written once, by name. */
export async function seedDemoPrizeDraws(db: Db, tenantId: number, seedNumber: number): Promise<void> {
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.loginId, 'admin'));
  await db.transaction(async (tx) => {
    for (const [index, spec] of demoDraws.entries()) {
      const [existing] = await tx
        .select({ id: prizeDraws.id })
        .from(prizeDraws)
        .where(and(eq(prizeDraws.tenantId, tenantId), eq(prizeDraws.name, spec.name)));
      if (!existing) await writeDraw(tx, tenantId, admin?.id ?? 0, spec, seedNumber + index);
    }
  });
}
