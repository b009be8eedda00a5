import { safetyProgressAnswer, type safetyProgressReport } from '@cp/contracts';
import { and, eq, exists, gte, lte, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { businessNow, businessToday } from '../clock';
import type { Db, Executor } from '../db';
import { drivers } from '../drivers/tables';
import { businessError, notFound } from '../http/errors';
import { safetyContentCities, safetyContentDrivers, safetyContentProgress, safetyContents } from './tables';

/** Seconds a report may claim beyond the time that passed since the last one: the app's clock and the network. */
const creditMargin = 5;

type Progress = typeof safetyContentProgress.$inferSelect;
type Content = typeof safetyContents.$inferSelect;

/** The items a driver is to study now: 上架, today within the window, and the driver in the audience. */
export function forDriver(tenantId: number, driverId: number) {
  const c = safetyContents;
  const today = businessToday();
  return and(
    eq(c.tenantId, tenantId),
    eq(c.status, 0),
    lte(c.startDate, today),
    gte(c.endDate, today),
    or(
      eq(c.audience, 1),
      and(
        eq(c.audience, 2),
        exists(
          sql`(select 1 from ${safetyContentCities} l join ${drivers} d on d.city_id = l.city_id where l.content_id = ${c.id} and d.id = ${driverId})`,
        ),
      ),
      and(
        eq(c.audience, 3),
        exists(
          sql`(select 1 from ${safetyContentDrivers} l where l.content_id = ${c.id} and l.driver_id = ${driverId})`,
        ),
      ),
    ),
  );
}

/** The watched seconds an item asks for: its duration's share, or nothing for a picture (viewing completes it). */
const requiredSeconds = (content: Pick<Content, 'kind' | 'durationSeconds' | 'requiredRatio'>) =>
  content.kind === 1 ? Math.ceil(((content.durationSeconds ?? 0) * content.requiredRatio) / 100) : 0;

export function progressAnswer(content: Content, row: Progress | undefined, credited = 0) {
  return safetyProgressAnswer.parse({
    watchedSeconds: row?.watchedSeconds ?? 0,
    lastPosition: row?.lastPosition ?? 0,
    requiredSeconds: requiredSeconds(content),
    credited,
    completed: Boolean(row?.completedAt),
    completedAt: row?.completedAt?.toISOString() ?? null,
  });
}

/** Records that items reached a driver (the app fetched them), once per item. */
export async function markReached(db: Executor, tenantId: number, driverId: number, contentIds: readonly number[]) {
  if (contentIds.length === 0) return;
  const now = businessNow();
  await db
    .insert(safetyContentProgress)
    .values(contentIds.map((contentId) => ({ tenantId, contentId, driverId, reachedAt: now })))
    .onConflictDoNothing();
}

/**
 * Takes one report of the app. The row is locked, so reports sent at once are credited one after another:
 * a report credits at most the seconds since the last one (or since the item reached the driver) plus
 * `creditMargin`, never beyond what the duration leaves; the position is kept (clamped to the duration) but
 * credits nothing by itself, so seeking to the end does not complete. Completed once credited time reaches
 * 完成比例 of the duration; a picture completes on its first report.
 */
export async function takeReport(
  db: Db,
  tenantId: number,
  driverId: number,
  contentId: number,
  report: z.output<typeof safetyProgressReport>,
) {
  return db.transaction(async (tx) => {
    const [content] = await tx
      .select()
      .from(safetyContents)
      .where(and(eq(safetyContents.id, contentId), eq(safetyContents.tenantId, tenantId)));
    if (!content) throw notFound('安全内容');
    const [open] = await tx
      .select({ id: safetyContents.id })
      .from(safetyContents)
      .where(and(eq(safetyContents.id, contentId), forDriver(tenantId, driverId)));
    if (!open) throw businessError('该安全内容已下架、不在学习期内或不面向您');
    await markReached(tx, tenantId, driverId, [contentId]);
    const [row] = await tx
      .select()
      .from(safetyContentProgress)
      .where(
        and(
          eq(safetyContentProgress.tenantId, tenantId),
          eq(safetyContentProgress.contentId, contentId),
          eq(safetyContentProgress.driverId, driverId),
        ),
      )
      .for('update');
    if (!row) throw new Error('progress row missing');
    const now = businessNow();
    const video = content.kind === 1;
    const duration = video ? (content.durationSeconds ?? 0) : 0;
    const since = (row.lastSeenAt ?? row.reachedAt).getTime();
    const elapsed = Math.max(0, Math.floor((now.getTime() - since) / 1000));
    const credited = video
      ? Math.max(0, Math.min(report.watchedDelta, elapsed + creditMargin, duration - row.watchedSeconds))
      : 0;
    const watchedSeconds = row.watchedSeconds + credited;
    const reachesRatio = video ? watchedSeconds >= requiredSeconds(content) : true;
    const [saved] = await tx
      .update(safetyContentProgress)
      .set({
        watchedSeconds,
        lastPosition: video ? Math.min(report.position, duration) : 0,
        lastSeenAt: now,
        viewedAt: row.viewedAt ?? now,
        completedAt: row.completedAt ?? (reachesRatio ? now : null),
        reports: row.reports + 1,
        version: row.version + 1,
        updatedAt: now,
      })
      .where(eq(safetyContentProgress.id, row.id))
      .returning();
    return progressAnswer(content, saved, credited);
  });
}
