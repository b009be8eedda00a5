import { createHmac } from 'node:crypto';
import { probabilityScale } from '@cp/contracts';
import { and, asc, eq, lt, sql } from 'drizzle-orm';
import type { Executor } from '../db';
import { writtenBy } from '../db/columns';
import { businessError, notFound } from '../http/errors';
import type { Row, WriteContext } from '../resource/family';
import { drawRecords, prizeDraws, prizes } from './tables';

/** 0 后台代抽 (an operator for a participant), 1 APP (the participant's own draw). */
export type DrawChannel = 0 | 1;

/**
 * The random value of a participant's attempt, reproducible by anyone given the draw's seed: the HMAC-SHA256
 * of `drawId:participantId:attempt` keyed with the seed, its first 32 bits scaled to 0–9999.
 */
export function drawValue(seed: string, drawId: number, participantId: number, attempt: number) {
  const digest = createHmac('sha256', Buffer.from(seed, 'hex'))
    .update(`${drawId}:${participantId}:${attempt}`)
    .digest('hex');
  const value = Math.floor((Number.parseInt(digest.slice(0, 8), 16) * probabilityScale) / 2 ** 32);
  return { digest, value };
}

interface PrizeSlot {
  id: number;
  probability: number;
}

/**
 * The prize a value falls on: prizes laid end to end in their order (level, then id), each as wide as its
 * probability; a value past the last is 未中奖.
 */
export function prizeAt<P extends PrizeSlot>(ordered: readonly P[], value: number): P | undefined {
  let upTo = 0;
  for (const prize of ordered) {
    upTo += prize.probability;
    if (value < upTo) return prize;
  }
  return undefined;
}

/** Why the draw takes no draw now, or null: it must be published and within its period. */
function closedReason(draw: { status: number; startsAt: Date; endsAt: Date }, now: Date): string | null {
  if (draw.status === 0) return '活动尚未发布，不能抽奖';
  if (draw.status === 2) return '活动已提前结束，不能抽奖';
  if (now < draw.startsAt) return '活动尚未开始，不能抽奖';
  if (now >= draw.endsAt) return '活动已结束，不能抽奖';
  return null;
}

/** The draw's prizes in the order their slots are laid out. */
const orderedPrizes = (tx: Executor, tenantId: number, drawId: number) =>
  tx
    .select({ id: prizes.id, name: prizes.name, level: prizes.level, probability: prizes.probability })
    .from(prizes)
    .where(and(eq(prizes.tenantId, tenantId), eq(prizes.drawId, drawId)))
    .orderBy(asc(prizes.level), asc(prizes.id));

/**
 * One draw for a participant, in the transaction that has locked the participant's row: the draw must be
 * open and the participant have a chance left; a prize is given only by the conditional update
 * `given < stock`, so however many draws run at once no prize is given past its stock.
 */
export async function drawFor(ctx: WriteContext, participant: Row, channel: DrawChannel): Promise<Row> {
  const { tx, auth } = ctx;
  const drawId = Number(participant.drawId);
  const [draw] = await tx
    .select()
    .from(prizeDraws)
    .where(and(eq(prizeDraws.id, drawId), eq(prizeDraws.tenantId, auth.tenantId)))
    .for('share');
  if (!draw) throw notFound('抽奖活动');
  const now = new Date();
  const closed = closedReason(draw, now);
  if (closed) throw businessError(closed);
  const used = Number(participant.used);
  if (used >= Number(participant.chances)) throw businessError('该参与人的抽奖次数已用完');
  const attempt = used + 1;
  const { digest, value } = drawValue(draw.seed, drawId, Number(participant.id), attempt);
  const hit = prizeAt(await orderedPrizes(tx, auth.tenantId, drawId), value);
  const given = hit
    ? await tx
        .update(prizes)
        .set({ given: sql`${prizes.given} + 1` })
        .where(and(eq(prizes.id, hit.id), lt(prizes.given, prizes.stock)))
        .returning({ id: prizes.id })
    : [];
  const won = given.length > 0;
  const [record] = await tx
    .insert(drawRecords)
    .values({
      ...writtenBy(auth),
      drawId,
      participantId: Number(participant.id),
      participantName: String(participant.name),
      mobile: String(participant.mobile),
      attempt,
      drawnAt: now,
      digest,
      draw: value,
      won,
      prizeId: hit?.id ?? null,
      prizeName: hit?.name ?? null,
      prizeLevel: hit?.level ?? null,
      channel,
      operator: channel === 1 ? `${String(participant.name)}（APP）` : auth.userName,
      note: hit && !won ? `抽中「${hit.name}」但已发完，按未中奖处理` : null,
    })
    .returning({ id: drawRecords.id });
  return {
    recordId: String(record?.id),
    attempt,
    draw: value,
    won,
    prizeName: won ? hit?.name : null,
    message: won ? `恭喜中奖：${hit?.name}` : '未中奖',
  };
}
