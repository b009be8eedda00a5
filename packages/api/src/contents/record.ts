import {
  interactionActions as act,
  beijingDay,
  contentStatus,
  interactionChannel,
  leadCallsToAction,
  leadSource,
} from '@cp/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { businessNow } from '../clock';
import type { Db, Tx } from '../db';
import { drivers } from '../drivers/tables';
import { businessError } from '../http/errors';
import type { SessionContext } from '../identity/sessions';
import { admitLeads } from '../leads/admit';
import type { WriteContext } from '../resource/family';
import { contentAudience, contentDailyStats, contentInteractions, contents } from './tables';

export interface InteractionInput {
  tenantId: number;
  contentId: number;
  driverId: number;
  /** `interactionActions`: 浏览 1 … 留资 7. */
  action: number;
  /** 互动渠道: APP 1, 小程序 2, H5 3. */
  channel: number;
  /** How long a view watched the video, in seconds. */
  watchSeconds?: number | null;
}

export type InteractionOutcome =
  | { recorded: true; interactionId: number; leadId: number | null }
  /** Nothing was written: what the driver did is already recorded (a second view today, a like standing). */
  | { recorded: false; reason: string };

type Flag = 'viewed' | 'liked' | 'favorited' | 'signedUp' | 'leadLeft';
type Daily = 'views' | 'likes' | 'unlikes' | 'shares' | 'favorites' | 'signUps' | 'leads';
type Total = 'viewCount' | 'likeCount' | 'shareCount' | 'favoriteCount' | 'signUpCount' | 'leadCount';

/** What each action moves: the driver's flag it sets (or clears), the day's column, the total and by how much. */
const moves: Record<number, { flag?: Flag; clears?: true; daily: Daily; total: Total; by: 1 | -1; again: string }> = {
  [act.view]: { flag: 'viewed', daily: 'views', total: 'viewCount', by: 1, again: '今天已浏览过' },
  [act.like]: { flag: 'liked', daily: 'likes', total: 'likeCount', by: 1, again: '已点赞' },
  [act.unlike]: { flag: 'liked', clears: true, daily: 'unlikes', total: 'likeCount', by: -1, again: '尚未点赞' },
  [act.share]: { daily: 'shares', total: 'shareCount', by: 1, again: '' },
  [act.favorite]: { flag: 'favorited', daily: 'favorites', total: 'favoriteCount', by: 1, again: '已收藏' },
  [act.signUp]: { flag: 'signedUp', daily: 'signUps', total: 'signUpCount', by: 1, again: '已报名' },
  [act.lead]: { flag: 'leadLeft', daily: 'leads', total: 'leadCount', by: 1, again: '已留资' },
};

const a = contentAudience;
const flagColumns = {
  viewed: a.viewed,
  liked: a.liked,
  favorited: a.favorited,
  signedUp: a.signedUp,
  leadLeft: a.leadLeft,
} as const;

/**
 * Sets (or clears) the driver's flag on the content; true when it moved. The row's lock serialises one
 * driver's interactions with one content: of two likes sent at once, the second finds the like standing.
 */
async function moveFlag(tx: Tx, input: InteractionInput, flag: Flag, clears: boolean): Promise<boolean> {
  const column = flagColumns[flag];
  const key = and(eq(a.contentId, input.contentId), eq(a.driverId, input.driverId));
  if (clears) {
    const cleared = await tx
      .update(a)
      .set({ [flag]: false })
      .where(and(key, eq(column, true)))
      .returning({ one: a.contentId });
    return cleared.length > 0;
  }
  const set = await tx
    .insert(a)
    .values({ contentId: input.contentId, driverId: input.driverId, tenantId: input.tenantId, [flag]: true })
    .onConflictDoUpdate({ target: [a.contentId, a.driverId], set: { [flag]: true }, setWhere: eq(column, false) })
    .returning({ one: a.contentId });
  return set.length > 0;
}

/**
 * A 留资 as a lead of the branch company, through the leads' own door (allocated by its rules, written to
 * 线索日志 and 线索统计): the driver's name, mobile and city. A driver whose mobile is an open lead already
 * adds none; the interaction is linked to that lead.
 */
async function leadOf(tx: Tx, input: InteractionInput, contentTitle: string, channel: string) {
  const [driver] = await tx
    .select({ name: drivers.name, mobile: drivers.mobile, cityId: drivers.cityId, kind: drivers.kind })
    .from(drivers)
    .where(and(eq(drivers.id, input.driverId), eq(drivers.tenantId, input.tenantId)));
  if (!driver) throw businessError('司机不存在');
  const ending: (() => Promise<void>)[] = [];
  const memos = new Map<string, Promise<unknown>>();
  // No user of the branch company made it: the driver did, in the app. admitLeads reads only the transaction,
  // the author and the memo of its context.
  const auth = { tenantId: input.tenantId, userId: null, userName: '内容留资' } as unknown as SessionContext;
  const ctx: WriteContext = {
    db: tx as unknown as Db,
    tx,
    request: undefined as unknown as FastifyRequest,
    auth,
    afterCommit: () => {},
    beforeCommit: (task) => ending.push(task),
    answer: {},
    memo: <V>(key: string, compute: () => Promise<V>) => {
      if (!memos.has(key)) memos.set(key, compute());
      return memos.get(key) as Promise<V>;
    },
  };
  const values = {
    contactName: driver.name,
    mobile: driver.mobile,
    cityId: driver.cityId,
    channelId: null,
    business: driver.kind === 2 ? 1 : 0,
    remark: `内容「${contentTitle}」留资（${channel}）`,
  };
  const [answer] = await admitLeads(ctx, [values], { source: leadSource.manual });
  for (const task of ending) await task();
  if (!answer) throw new Error('admitLeads answered nothing');
  return 'open' in answer ? answer.open.id : answer.id;
}

/**
 * Records what a driver did with a content, in the caller's transaction, and moves its counters (the day's
 * and the totals) in the same transaction. A view is one row per driver, content and Beijing day (`insert …
 * on conflict do nothing` on the partial unique index); 点赞 / 取消点赞 toggle the driver's like; 收藏, 报名
 * and 留资 count once per driver; 分享 every time. 留资 makes the lead. Only published content is interacted
 * with; another branch company's content or driver is not found.
 */
export async function recordInteraction(tx: Tx, input: InteractionInput): Promise<InteractionOutcome> {
  const move = moves[input.action];
  if (!move) throw businessError(`互动行为：不支持${input.action}`);
  if (!interactionChannel.options.some((option) => option.value === input.channel)) {
    throw businessError(`互动渠道：不支持${input.channel}`);
  }
  const at = businessNow();
  const day = beijingDay(at);
  const [content] = await tx
    .select({ title: contents.title, status: contents.status, callToAction: contents.callToAction })
    .from(contents)
    .where(and(eq(contents.id, input.contentId), eq(contents.tenantId, input.tenantId)));
  if (!content) throw businessError('内容不存在');
  if (content.status !== 1) {
    throw businessError(`内容「${content.title}」${contentStatus.label(content.status)}，不能互动`);
  }
  const [driver] = await tx
    .select({ id: drivers.id })
    .from(drivers)
    .where(and(eq(drivers.id, input.driverId), eq(drivers.tenantId, input.tenantId)));
  if (!driver) throw businessError('司机不存在');
  if (input.action === act.lead && !leadCallsToAction.includes(content.callToAction)) {
    throw businessError(`内容「${content.title}」不收集留资`);
  }
  const row = {
    tenantId: input.tenantId,
    driverId: input.driverId,
    contentId: input.contentId,
    action: input.action,
    channel: input.channel,
    occurredAt: at,
    day,
    watchSeconds: input.action === act.view ? (input.watchSeconds ?? null) : null,
    createdBy: null,
    updatedBy: null,
  };
  let newViewer = false;
  let leadId: number | null = null;
  let interactionId: number;
  if (input.action === act.view) {
    const [viewed] = await tx
      .insert(contentInteractions)
      .values(row)
      .onConflictDoNothing()
      .returning({ id: contentInteractions.id });
    if (!viewed) return { recorded: false, reason: move.again };
    interactionId = viewed.id;
    newViewer = await moveFlag(tx, input, 'viewed', false);
  } else {
    if (move.flag && !(await moveFlag(tx, input, move.flag, move.clears ?? false))) {
      return { recorded: false, reason: move.again };
    }
    if (input.action === act.lead) {
      leadId = await leadOf(tx, input, content.title, interactionChannel.label(input.channel));
    }
    const [written] = await tx
      .insert(contentInteractions)
      .values({ ...row, leadId })
      .returning({ id: contentInteractions.id });
    if (!written) throw new Error('insert returned no row');
    interactionId = written.id;
  }
  const d = contentDailyStats;
  await tx
    .insert(d)
    .values({ contentId: input.contentId, day, tenantId: input.tenantId, [move.daily]: 1 })
    .onConflictDoUpdate({ target: [d.contentId, d.day], set: { [move.daily]: sql`${d[move.daily]} + 1` } });
  await tx
    .update(contents)
    .set({
      [move.total]: sql`${contents[move.total]} + ${move.by}`,
      ...(newViewer ? { viewerCount: sql`${contents.viewerCount} + 1` } : {}),
    })
    .where(eq(contents.id, input.contentId));
  return { recorded: true, interactionId, leadId };
}
