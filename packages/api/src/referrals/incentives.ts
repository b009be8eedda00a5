import {
  envelope,
  incentivePreview,
  incentivePreviewInput,
  incentiveResource,
  incentiveScreens,
  type ParticipantPart,
} from '@cp/contracts';
import { sql } from 'drizzle-orm';
import { businessNow } from '../clock';
import type { Db } from '../db';
import { writtenBy } from '../db/columns';
import { access, sessionOf } from '../http/access';
import { ok } from '../http/reply';
import type { RoutePlugin } from '../http/schemas';
import { defineServerResource } from '../resource/family';
import { planSplit, type SplitRequest } from './split';
import { incentiveAllocations, incentiveParts } from './tables';

const parts = sql<ParticipantPart[]>`(
  select coalesce(json_agg(json_build_object(
    'personKind', p.person_kind, 'personId', p.person_id::text, 'personName', p.person_name,
    'weight', p.weight, 'referralCount', p.referral_count, 'amount', p.amount
  ) order by p.position), '[]'::json)
  from incentive_allocation_parts p where p.allocation_id = "incentive_allocations"."id")`;

/**
 * 激励分配: the pool is split when it is saved — the parts, named and counted then, are kept with it and never
 * change; a mistaken allocation is voided (作废, with a reason), not edited.
 */
export const incentiveFamily = defineServerResource({
  resource: incentiveResource,
  table: incentiveAllocations,
  screens: Object.values(incentiveScreens),
  computed: { participants: parts },
  async prepare(values, ctx) {
    const planned = await planSplit(ctx.tx, ctx.auth.tenantId, values as unknown as SplitRequest);
    return { ...values, participants: planned, participantCount: planned.length };
  },
  async insert(values, ctx) {
    const { participants, ...own } = values;
    const [row] = await ctx.tx
      .insert(incentiveAllocations)
      .values({
        ...(own as typeof incentiveAllocations.$inferInsert),
        ...writtenBy(ctx.auth),
      })
      .returning({ id: incentiveAllocations.id });
    const id = Number(row?.id);
    await ctx.tx.insert(incentiveParts).values(
      (participants as ParticipantPart[]).map((part, position) => ({
        ...part,
        personId: Number(part.personId),
        tenantId: ctx.auth.tenantId,
        allocationId: id,
        position,
      })),
    );
    return id;
  },
  actions: {
    cancel: { patch: (body) => ({ cancelReason: body.reason, cancelledAt: businessNow() }) },
  },
});

/** 新增激励分配's preview: the split the save would make, with the same checks, nothing written. */
export const incentiveRoutes: RoutePlugin<{ db: Db }> = async (app, { db }) => {
  app.post(
    `${incentiveResource.endpoint}/preview`,
    {
      config: { access: access.permission(incentiveResource.permissions.create ?? 'incentiveAllocation:add') },
      schema: {
        summary: '预览激励分配结果',
        tags: [incentiveResource.title],
        body: incentivePreviewInput,
        response: { 200: envelope(incentivePreview) },
      },
    },
    async (request) => {
      const { tenantId } = sessionOf(request);
      const parts = await db.transaction((tx) => planSplit(tx, tenantId, request.body));
      return ok({ parts });
    },
  );
};
