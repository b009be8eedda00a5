import type { ListColumnsPreference, Screen } from '@cp/contracts';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db';
import { badRequest } from '../http/errors';
import type { SessionContext } from '../identity/sessions';
import { userPreferences } from './tables';

const listColumnsKey = (screen: Screen) => `listColumns:${screen.key}`;

const ownedBy = (auth: SessionContext, key: string) =>
  and(
    eq(userPreferences.tenantId, auth.tenantId),
    eq(userPreferences.userId, auth.userId),
    eq(userPreferences.key, key),
  );

/** Names only columns of the screen, each once, and hides neither the identity nor a column twice. */
function checkColumns(screen: Screen, preference: ListColumnsPreference): void {
  const title = (name: string) => screen.resource.fields[name]?.title ?? name;
  for (const [what, names] of [
    ['列顺序', preference.order],
    ['隐藏的列', preference.hidden],
  ] as const) {
    const unknown = names.find((name) => !screen.columns.includes(name));
    if (unknown !== undefined) throw badRequest(`${what}：${screen.route.title}没有列 ${unknown}`);
    if (new Set(names).size !== names.length) throw badRequest(`${what}：列不能重复`);
  }
  if (screen.identity && preference.hidden.includes(screen.identity)) {
    throw badRequest(`隐藏的列：${title(screen.identity)}不能隐藏`);
  }
}

/** The columns the user arranged on a screen's list, or null for the screen's own arrangement. */
export async function readListColumns(db: Db, auth: SessionContext, screen: Screen) {
  const [row] = await db
    .select({ value: userPreferences.value })
    .from(userPreferences)
    .where(ownedBy(auth, listColumnsKey(screen)));
  return (row?.value as ListColumnsPreference | undefined) ?? null;
}

export async function saveListColumns(db: Db, auth: SessionContext, screen: Screen, value: ListColumnsPreference) {
  checkColumns(screen, value);
  await db
    .insert(userPreferences)
    .values({ tenantId: auth.tenantId, userId: auth.userId, key: listColumnsKey(screen), value })
    .onConflictDoUpdate({
      target: [userPreferences.tenantId, userPreferences.userId, userPreferences.key],
      set: { value, updatedAt: new Date() },
    });
  return value;
}

/** Back to the screen's own arrangement. */
export async function forgetListColumns(db: Db, auth: SessionContext, screen: Screen) {
  await db.delete(userPreferences).where(ownedBy(auth, listColumnsKey(screen)));
}
