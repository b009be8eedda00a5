import { createHash, randomBytes } from 'node:crypto';
import {
  drawRecordResource,
  participantResource,
  prizeDrawResource,
  prizeDrawScreens,
  prizeResource,
  probabilityScale,
  type Resource,
} from '@cp/contracts';
import { and, eq, ne, sql } from 'drizzle-orm';
import { businessError, notFound } from '../http/errors';
import { defineServerResource, type WriteContext } from '../resource/family';
import { type DrawChannel, drawFor } from './draw';
import { drawRecords, participants, prizeDraws, prizes } from './tables';

const screensOf = (resource: Resource) => Object.values(prizeDrawScreens).filter((s) => s.resource === resource);

/** 草稿, 未开始, 进行中, 已结束: the status, and the clock against the period. */
const phase = sql<number>`(case when ${prizeDraws.status} = 0 then 0 when ${prizeDraws.status} = 2 or now() >= ${prizeDraws.endsAt} then 3 when now() < ${prizeDraws.startsAt} then 1 else 2 end)`;

const moment = (value: unknown) => new Date(String(value));

/** The draw's id inside a correlated subquery: drizzle writes a column of the selected table unqualified. */
const drawIdColumn = sql.raw('"prize_draws"."id"');

/** The draws: a secret seed made when created, shown once the draw is over so anyone can check it. */
const prizeDrawFamily = defineServerResource({
  resource: prizeDrawResource,
  table: prizeDraws,
  screens: screensOf(prizeDrawResource),
  computed: {
    phase,
    participantCount: sql<number>`(select count(*)::int from ${participants} p where p.draw_id = ${drawIdColumn})`,
    winnerCount: sql<number>`(select count(*)::int from ${drawRecords} r where r.draw_id = ${drawIdColumn} and r.won)`,
    revealedSeed: sql<string | null>`(case when ${phase} = 3 then ${prizeDraws.seed} end)`,
  },
  prepare(values, _ctx, before) {
    const startsAt = moment(values.startsAt ?? before?.startsAt);
    const endsAt = moment(values.endsAt ?? before?.endsAt);
    const moved =
      before && (startsAt.getTime() !== moment(before.startsAt).getTime() || endsAt < moment(before.endsAt));
    if (moved && Number(before.status) !== 0) throw businessError('活动已发布，开始时间不能修改，结束时间只能延后');
    if (before) return values;
    const seed = randomBytes(32).toString('hex');
    return { ...values, seed, seedHash: createHash('sha256').update(seed).digest('hex') };
  },
  actions: {
    publish: {
      async run(ctx, draw) {
        const [count] = await ctx.tx
          .select({ n: sql<number>`count(*)::int` })
          .from(prizes)
          .where(and(eq(prizes.tenantId, ctx.auth.tenantId), eq(prizes.drawId, Number(draw.id))));
        if (!count?.n) throw businessError('请先添加奖品再发布');
        if (moment(draw.endsAt) <= new Date()) throw businessError('活动结束时间已过，不能发布');
        return null;
      },
    },
    end: { patch: () => ({ endedAt: new Date() }) },
  },
});

/** The draw a prize or participant belongs to, locked so that checks across its rows hold until commit. */
async function lockedDraw(ctx: WriteContext, drawId: unknown) {
  const [draw] = await ctx.tx
    .select({ status: prizeDraws.status, endsAt: prizeDraws.endsAt })
    .from(prizeDraws)
    .where(and(eq(prizeDraws.id, Number(drawId)), eq(prizeDraws.tenantId, ctx.auth.tenantId)))
    .for('update');
  if (!draw) throw notFound('抽奖活动');
  return draw;
}

async function assertDraft(ctx: WriteContext, drawId: unknown) {
  const draw = await lockedDraw(ctx, drawId);
  if (draw.status !== 0) throw businessError('活动已发布，奖品不能再修改');
}

/** A prize: changed only while its draw is a draft; the draw's probabilities add up to at most 100%. */
const prizeFamily = defineServerResource({
  resource: prizeResource,
  table: prizes,
  screens: screensOf(prizeResource),
  computed: { remaining: sql<number>`(${prizes.stock} - ${prizes.given})` },
  async prepare(values, ctx, before) {
    const drawId = values.drawId ?? before?.drawId;
    await assertDraft(ctx, drawId);
    const others = await ctx.tx
      .select({ total: sql<number>`coalesce(sum(${prizes.probability}), 0)::int` })
      .from(prizes)
      .where(
        and(
          eq(prizes.tenantId, ctx.auth.tenantId),
          eq(prizes.drawId, Number(drawId)),
          before ? ne(prizes.id, Number(before.id)) : undefined,
        ),
      );
    const total = Number(others[0]?.total ?? 0) + Number(values.probability ?? before?.probability ?? 0);
    if (total > probabilityScale) {
      throw businessError(`中奖概率：各奖品之和不能超过${probabilityScale}（100%），当前合计${total}`);
    }
    return values;
  },
  async beforeRemove(prize, ctx) {
    await assertDraft(ctx, prize.drawId);
  },
});

/** Whether a participant has a chance left: 0 可抽奖, 1 次数已用完. */
const statusOf = (used: number, chances: number) => (used >= chances ? 1 : 0);

/** A participant of a draw, who draws (抽奖) as many times as their chances allow. */
export const participantFamily = defineServerResource({
  resource: participantResource,
  table: participants,
  screens: screensOf(participantResource),
  async prepare(values, ctx, before) {
    const draw = await lockedDraw(ctx, values.drawId ?? before?.drawId);
    if (draw.status === 2 || draw.endsAt <= new Date()) throw businessError('活动已结束，不能再修改参与人');
    const used = Number(before?.used ?? 0);
    const chances = Number(values.chances ?? before?.chances ?? 1);
    if (chances < used) throw businessError(`抽奖次数：不能少于已抽次数${used}`);
    return { ...values, status: statusOf(used, chances) };
  },
  beforeRemove(participant) {
    if (Number(participant.used) > 0) throw businessError('该参与人已抽奖，不能删除');
  },
  actions: {
    draw: {
      run: (ctx, participant, body) => drawFor(ctx, participant, (body.channel === 1 ? 1 : 0) as DrawChannel),
      patch: (_body, participant) => {
        const used = Number(participant.used) + 1;
        return { used, status: statusOf(used, Number(participant.chances)) };
      },
    },
  },
});

/** What each draw gave: written by 抽奖 only, never changed or deleted. */
const drawRecordFamily = defineServerResource({
  resource: drawRecordResource,
  table: drawRecords,
  screens: screensOf(drawRecordResource),
});

export const prizeDrawFamilies = [prizeDrawFamily, prizeFamily, participantFamily, drawRecordFamily];
