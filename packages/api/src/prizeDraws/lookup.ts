import { and, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { defineServerLookup } from '../lookups/registry';
import { contains } from '../resource/query';
import { prizeDraws } from './tables';

/** Draws are picked by name, the newest first: the rows of a draw name it, and an import sheet gives its name. */
defineServerLookup('prizeDraw', {
  async search(db, tenantId, { text, ids, limit }) {
    const conditions: (SQL | undefined)[] = [eq(prizeDraws.tenantId, tenantId)];
    if (ids) conditions.push(inArray(prizeDraws.id, [...ids]));
    if (text) conditions.push(contains(prizeDraws.name, text));
    return db
      .select({ id: prizeDraws.id, name: prizeDraws.name })
      .from(prizeDraws)
      .where(and(...conditions))
      .orderBy(desc(prizeDraws.id))
      .limit(limit);
  },
  async resolve(db, tenantId, names) {
    const rows = await db
      .select({ id: prizeDraws.id, name: prizeDraws.name })
      .from(prizeDraws)
      .where(and(eq(prizeDraws.tenantId, tenantId), inArray(prizeDraws.name, [...names])));
    return new Map(rows.map((row) => [row.name, row.id]));
  },
});
