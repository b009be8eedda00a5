import type { Transition } from '@cp/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { diff, recordAudit } from '../audit/service';
import { businessNow } from '../clock';
import type { Db } from '../db';
import { assertOwnFiles } from '../files/names';
import { hasPermission, sessionOf } from '../http/access';
import { businessError, forbidden, notFound } from '../http/errors';
import type { Row, ServerResource, WriteContext } from './family';
import { readRow } from './read';
import { withStoredSensitive } from './sensitive';
import { inTransaction, rowChanged } from './write';

/** The body fields of an action that hold uploaded files (declared `.meta({ files: true })`). */
function fileFields(body: z.ZodObject | undefined): string[] {
  if (!body) return [];
  return Object.entries(body.shape)
    .filter(([, schema]) => (schema as z.ZodType).meta()?.files === true)
    .map(([name]) => name);
}

const bookkeeping = new Set(['updatedAt', 'updatedBy', 'version']);

/**
 * Takes one lifecycle action on a row, in one transaction (or the caller's): locks the row, checks the
 * user holds the action's button and the table allows it from the row's state, lets the family's action
 * write its records, moves the state (with what follows it) and audits the change. A refused action says
 * why: `车辆当前为「待验车」，不能出库`.
 */
export async function takeAction(
  db: Db,
  family: ServerResource,
  request: FastifyRequest,
  id: number,
  action: string,
  body: Row = {},
  outer?: WriteContext,
): Promise<Row | null> {
  const { resource } = family;
  const lifecycle = resource.lifecycle;
  if (!lifecycle) throw new Error(`${resource.key} has no lifecycle`);
  const transition: Transition = lifecycle.transition(action);
  if (!hasPermission(sessionOf(request), [transition.button])) throw forbidden();
  return inTransaction(
    db,
    request,
    family,
    async (ctx) => {
      await family.lockFirst?.(ctx, id);
      const row = await readRow(ctx.tx, family, ctx.auth.tenantId, id, true);
      if (!row) throw notFound(resource.title);
      const own = family.refuse?.(ctx, row, action);
      if (own) throw businessError(own);
      const state = Number(row[lifecycle.field]);
      const refusal = lifecycle.refusal(action, state, resource.title, row);
      if (refusal) throw businessError(refusal);
      for (const name of fileFields(transition.body)) await assertOwnFiles(ctx.tx, ctx.auth.tenantId, body[name]);
      const impl = family.actions?.[action];
      // A prefilled payee's card sent back masked is the one on file.
      const given = withStoredSensitive(resource, body, row, 'stored');
      const result = await impl?.run?.(ctx, row, given);
      const moves = transition.to !== null && (impl?.moveWhen?.(result, row) ?? true);
      const next = moves ? (transition.to as number) : state;
      const set: Row = {
        ...impl?.patch?.(given, row, ctx, result),
        ...(moves ? { [lifecycle.field]: next } : {}),
        ...(moves ? family.onState?.(next, row) : {}),
      };
      const changed = Object.keys(set);
      await ctx.tx
        .update(family.table)
        .set({
          ...set,
          updatedAt: businessNow(),
          updatedBy: ctx.auth.userId,
          ...(family.hasVersion ? { version: Number(row.version) + 1 } : {}),
        })
        .where(and(eq(family.table.id, id), eq(family.table.tenantId, ctx.auth.tenantId), family.sliceWhere));
      await rowChanged(family, ctx, id, row);
      const before = Object.fromEntries(changed.filter((key) => !bookkeeping.has(key)).map((key) => [key, row[key]]));
      const after = Object.fromEntries(Object.entries(set).filter(([key]) => !bookkeeping.has(key)));
      if (lifecycle.field in after) {
        before[lifecycle.field] = state;
        after[lifecycle.field] = next;
      }
      await recordAudit(ctx.tx, request, { action, entity: resource.key, entityId: id, changes: diff(before, after) });
      return result ?? null;
    },
    body,
    outer,
  );
}

/** The actions a row's state offers the user, as `GET …/:id/actions` answers them. */
export async function offeredActions(db: Db, family: ServerResource, request: FastifyRequest, id: number) {
  const auth = sessionOf(request);
  const lifecycle = family.resource.lifecycle;
  const row = await readRow(db, family, auth.tenantId, id);
  if (!row) throw notFound(family.resource.title);
  if (!lifecycle) return [];
  return lifecycle
    .allowed(Number(row[lifecycle.field]), auth.buttons, row)
    .map(({ action, title, button }) => ({ action, title, button }));
}
