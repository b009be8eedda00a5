import { type Queue, type QueueCount, queues, totalCap } from '@cp/contracts';
import type { z } from 'zod';
import type { Db } from '../db';
import { cappedCount } from '../db/paging';
import { perDatabase } from '../db/perDatabase';
import { families } from '../families';
import type { SessionContext } from '../identity/sessions';
import { fixedFilters } from '../resource/exports';
import type { Row, ServerResource } from '../resource/family';
import { whereOf } from '../resource/read';

interface CountedQueue {
  queue: Queue;
  family: ServerResource;
  /** The filters the queue's list applies: the screen's fixed ones and the queue's own, as the list takes them. */
  filters: Row;
}

/** Each queue with the family that lists its screen and the filters its rows match. */
function bind(queue: Queue): CountedQueue {
  const family = families.find((candidate) => candidate.screens.includes(queue.screen));
  if (!family) throw new Error(`queue ${queue.key}: no family lists ${queue.screen.key}`);
  const parsed = (queue.screen.listQuery as z.ZodType<Row>).parse(queue.filter);
  const own = Object.fromEntries(Object.keys(queue.filter).map((name) => [name, parsed[name]]));
  const filters = { ...fixedFilters(queue.screen), ...own };
  const parentColumns = family.parent?.columns ?? {};
  // Counted on the family's own table: a filter on its parent's columns would need the list's join.
  const onParent = Object.keys(filters).find((name) => name in parentColumns);
  if (onParent) throw new Error(`queue ${queue.key}: ${onParent} is a column of the parent row`);
  return { queue, family, filters };
}

const counted: readonly CountedQueue[] = queues.map(bind);

/** The queues a session may act on: it holds the action's button and the menu of the screen it links to. */
function queuesOf(auth: SessionContext): readonly CountedQueue[] {
  return counted.filter(({ queue }) => auth.buttons.has(queue.button) && auth.menus.has(queue.screen.route.menuKey));
}

/**
 * Counts by tenant and queue: one running is shared by the requests of a page load (user info and the home
 * page ask at once); one finished a few seconds ago still answers user info, read on every page load.
 */
const recentCounts = perDatabase<string, { at: number; settled: boolean; count: Promise<number> }>();
const maxRemembered = 5_000;

/** How old a finished count may answer: user info's 我的待办 a few seconds; the home page counts again. */
export const countAge = { userInfo: 15_000, home: 0 } as const;

function countOf(db: Db, auth: SessionContext, { queue, family, filters }: CountedQueue, maxAgeMs: number) {
  const counts = recentCounts(db);
  // A queue of "mine" (待我审批) is the user's own: counted and remembered per user.
  const mine = queue.screen.mine;
  const key = mine ? `${auth.tenantId}|${queue.key}|${auth.userId}` : `${auth.tenantId}|${queue.key}`;
  const recent = counts.get(key);
  if (recent && (!recent.settled || Date.now() - recent.at < maxAgeMs)) return recent.count;
  const kept = mine ? { ...filters, [mine]: String(auth.userId) } : filters;
  const count = cappedCount(db, family.table, whereOf(family, auth.tenantId, kept, queue.screen), `home|${key}`);
  if (counts.size >= maxRemembered) counts.clear();
  const entry = { at: Date.now(), settled: false, count };
  counts.set(key, entry);
  count.then(
    () => {
      entry.settled = true;
    },
    () => {
      if (counts.get(key) === entry) counts.delete(key);
    },
  );
  return count;
}

/** The session's queues with their counts (capped as a list's total), and their sum. */
export async function queueCounts(db: Db, auth: SessionContext, maxAgeMs: number) {
  const mine = queuesOf(auth);
  const totals = await Promise.all(mine.map((entry) => countOf(db, auth, entry, maxAgeMs)));
  const counts: QueueCount[] = mine.map(({ queue }, index) => {
    const n = totals[index] ?? 0;
    return { key: queue.key, total: Math.min(n, totalCap), totalExact: n <= totalCap };
  });
  return { queues: counts, pendingNum: counts.reduce((sum, count) => sum + count.total, 0) };
}
