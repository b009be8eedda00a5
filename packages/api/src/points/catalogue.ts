import { pointsTask } from '@cp/contracts';
import { asc } from 'drizzle-orm';
import type { Executor } from '../db';
import { tenants } from '../identity/tables';
import { pointsTasks } from './tables';

type Task = Omit<typeof pointsTasks.$inferInsert, 'tenantId' | 'name'>;

/** The catalogue every branch company starts from: what staff then tune (points, caps, window, switch). */
const catalogue: readonly Task[] = [
  { code: 1, points: 5, dailyCap: 1, totalCap: 0, validityMonths: 12, freezeDays: 0, description: '每天在APP签到一次' },
  {
    ...{ code: 2, points: 50, dailyCap: 0, totalCap: 0, validityMonths: 12, freezeDays: 0 },
    description: '一期租金在到期日当天或之前付清',
  },
  {
    ...{ code: 3, points: 200, dailyCap: 0, totalCap: 20, validityMonths: 12, freezeDays: 30 },
    description: '推荐的司机签约并交车；30天后可用，防止交车后即退租',
  },
  {
    code: 4,
    points: 20,
    dailyCap: 1,
    totalCap: 0,
    validityMonths: 12,
    freezeDays: 0,
    description: '参加安全会议并签到',
  },
  {
    code: 5,
    points: 10,
    dailyCap: 1,
    totalCap: 0,
    validityMonths: 12,
    freezeDays: 0,
    description: '到司机驿站扫码打卡',
  },
  { code: 6, points: 2, dailyCap: 5, totalCap: 0, validityMonths: 3, freezeDays: 0, description: '在麦卡学堂阅读文章' },
  { code: 7, points: 10, dailyCap: 2, totalCap: 0, validityMonths: 12, freezeDays: 0, description: '看完一个安全视频' },
];

/**
 * Gives a branch company the tasks of the catalogue it lacks (idempotent: the code is unique per branch
 * company), as they start: 启用, no window.
 */
export async function ensureTaskCatalogue(tx: Executor, tenantId: number): Promise<void> {
  await tx
    .insert(pointsTasks)
    .values(catalogue.map((task) => ({ ...task, tenantId, name: pointsTask.label(task.code) })))
    .onConflictDoNothing();
}

/** Every branch company's catalogue, as a start finds them (a branch company added since gets its own). */
export async function ensureEveryCatalogue(db: Executor): Promise<void> {
  for (const tenant of await db.select({ id: tenants.id }).from(tenants).orderBy(asc(tenants.id))) {
    await ensureTaskCatalogue(db, tenant.id);
  }
}
