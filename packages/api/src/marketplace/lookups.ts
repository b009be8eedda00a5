import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { defineServerLookup } from '../lookups/registry';
import { contains } from '../resource/query';
import { marketplaceProducts, marketplaceTags } from './tables';

const tagOrder = [asc(marketplaceTags.displayOrder), asc(marketplaceTags.id)];

defineServerLookup('marketplaceTag', {
  // Every tag names the products carrying it; only enabled ones are offered to attach.
  all: (db, tenantId) =>
    db
      .select({ id: marketplaceTags.id, name: sql<string>`${marketplaceTags.name}` })
      .from(marketplaceTags)
      .where(eq(marketplaceTags.tenantId, tenantId))
      .orderBy(...tagOrder),
  options: async (db, tenantId) => {
    const rows = await db
      .select({ id: marketplaceTags.id, name: sql<string>`${marketplaceTags.name}` })
      .from(marketplaceTags)
      .where(and(eq(marketplaceTags.tenantId, tenantId), eq(marketplaceTags.status, 1)))
      .orderBy(...tagOrder);
    return rows.map((row) => ({ label: row.name, value: String(row.id) }));
  },
});

const yuan = (fen: number) => `¥${(fen / 100).toFixed(2)}`;

defineServerLookup('marketplaceProduct', {
  /** A search offers the products on sale (what an order may take), with price and stock; `ids` names any. */
  async search(db, tenantId, { text, ids, limit }) {
    const conditions: (SQL | undefined)[] = [eq(marketplaceProducts.tenantId, tenantId)];
    if (ids) conditions.push(inArray(marketplaceProducts.id, [...ids]));
    else conditions.push(eq(marketplaceProducts.status, 1));
    if (text) conditions.push(contains(marketplaceProducts.name, text));
    const rows = await db
      .select({
        id: marketplaceProducts.id,
        name: marketplaceProducts.name,
        price: marketplaceProducts.price,
        stock: marketplaceProducts.stock,
      })
      .from(marketplaceProducts)
      .where(and(...conditions))
      .orderBy(asc(marketplaceProducts.sort), asc(marketplaceProducts.id))
      .limit(limit);
    return rows.map((row) => ({ id: row.id, name: row.name, details: [yuan(row.price), `库存${row.stock}`] }));
  },
});
