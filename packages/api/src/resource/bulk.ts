import type { BulkResult } from '@cp/contracts';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db';
import { hasPermission, sessionOf } from '../http/access';
import { ApiError, forbidden } from '../http/errors';
import type { Row, ServerResource } from './family';
import { takeAction } from './lifecycle';
import { readRow } from './read';

/** How people know a row: its identity (a plate), or `#id` when it has none or is not the branch company's. */
async function nameOf(db: Db, family: ServerResource, tenantId: number, id: number): Promise<string> {
  const identity = family.resource.identity;
  const row = identity ? await readRow(db, family, tenantId, id) : null;
  const value = identity ? row?.[identity] : undefined;
  return value == null || value === '' ? `#${id}` : String(value);
}

/**
 * Takes one lifecycle action on many rows, each through the same runner as a single action (its own
 * transaction: lock, button, state, the family's action, audit) — not one transaction for all. A bulk action
 * is many independent decisions (分配 500 leads): a row another user moved a moment ago is refused and
 * reported, the rest are still done, and no row's lock is held while the others are worked through. Rows are
 * taken in id order; a row two bulk calls race for moves once (the second finds its new state and refuses).
 * The answer says how many were done and, for each refused row, why (`京A12345：线索当前为「已激活」，不能分配`);
 * a row of another branch company is refused as not found, never named.
 */
export async function takeBulkAction(
  db: Db,
  family: ServerResource,
  request: FastifyRequest,
  ids: readonly number[],
  action: string,
  body?: Row,
): Promise<BulkResult> {
  const transition = family.resource.lifecycle?.transition(action);
  if (!transition?.bulk) throw new Error(`${family.resource.key}.${action} is not a bulk action`);
  const auth = sessionOf(request);
  if (!hasPermission(auth, [transition.button])) throw forbidden();
  const doneIds: string[] = [];
  const refused: BulkResult['refused'] = [];
  for (const id of [...new Set(ids)].sort((a, b) => a - b)) {
    try {
      await takeAction(db, family, request, id, action, body);
      doneIds.push(String(id));
    } catch (error) {
      // A refusal of this row (its state, a check of the family's action) is reported; a failure is not ours to hide.
      if (!(error instanceof ApiError) || error.code === 403) throw error;
      const name = await nameOf(db, family, auth.tenantId, id);
      refused.push({ id: String(id), name, message: `${name}：${error.message}` });
    }
  }
  return { done: doneIds.length, doneIds, refused };
}
