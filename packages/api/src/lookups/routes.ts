import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { recordAudit } from '../audit/service';
import type { Db } from '../db';
import { access, sessionOf } from '../http/access';
import { businessError } from '../http/errors';
import { ok } from '../http/reply';
import { accounts, users } from '../identity/tables';
import { cities, companies, labels, vehicleCatalog } from './tables';

const tags = ['下拉与字典'];
const option = (label: string, value: number | string) => ({ label, value: String(value) });

interface CatalogNode {
  label: string;
  value: string;
  children?: CatalogNode[];
}

const labelBody = z.strictObject({
  name: z.string().trim().min(1, '不能为空').max(20).meta({ title: '标签名称' }),
  color: z
    .enum(['orange', 'red', 'green', 'blue', 'purple', 'gold', 'cyan', 'magenta'])
    .default('orange')
    .meta({ title: '标签颜色' }),
});

/** The dropdowns of SPEC §7 "Lists and lookups": any signed-in user may read them. */
export async function lookupRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app.get(
    '/api/lookups/companies',
    { config: { access: access.session }, schema: { summary: '公司下拉', tags } },
    async (request) => {
      const rows = await db
        .select({ id: companies.id, name: companies.name })
        .from(companies)
        .where(eq(companies.tenantId, sessionOf(request).tenantId))
        .orderBy(asc(companies.id));
      return ok(rows.map((row) => option(row.name, row.id)));
    },
  );

  app.get(
    '/api/lookups/tenant-users',
    { config: { access: access.session }, schema: { summary: '本分公司用户', tags } },
    async (request) => {
      const rows = await db
        .select({ id: users.id, name: users.userName })
        .from(accounts)
        .innerJoin(users, eq(users.id, accounts.userId))
        .where(and(eq(accounts.tenantId, sessionOf(request).tenantId), eq(accounts.enabled, true)))
        .orderBy(asc(users.id));
      return ok(rows.map((row) => option(row.name, row.id)));
    },
  );

  app.get(
    '/api/lookups/cities',
    { config: { access: access.session }, schema: { summary: '全部城市', tags } },
    async () => {
      const rows = await db.select().from(cities).orderBy(asc(cities.code));
      return ok(rows.map((row) => ({ ...option(row.name, row.id), province: row.province })));
    },
  );

  app.get(
    '/api/lookups/company-cities',
    { config: { access: access.session }, schema: { summary: '本分公司运营城市', tags } },
    async (request) => {
      const rows = await db
        .selectDistinct({ id: cities.id, name: cities.name, code: cities.code })
        .from(companies)
        .innerJoin(cities, eq(cities.id, companies.cityId))
        .where(eq(companies.tenantId, sessionOf(request).tenantId))
        .orderBy(asc(cities.code));
      return ok(rows.map((row) => option(row.name, row.id)));
    },
  );

  app.get(
    '/api/lookups/vehicle-catalog',
    { config: { access: access.session }, schema: { summary: '资产厂商树：品牌 → 车系 → 车型', tags } },
    async () => {
      const rows = await db.select().from(vehicleCatalog).orderBy(asc(vehicleCatalog.level), asc(vehicleCatalog.id));
      const nodes = new Map<number, CatalogNode>();
      const roots: CatalogNode[] = [];
      for (const row of rows) {
        const node: CatalogNode = option(row.name, row.id);
        nodes.set(row.id, node);
        const parent = row.parentId ? nodes.get(row.parentId) : undefined;
        if (!parent) roots.push(node);
        else parent.children = [...(parent.children ?? []), node];
      }
      return ok(roots);
    },
  );

  app.get(
    '/api/lookups/labels',
    { config: { access: access.session }, schema: { summary: '标签列表', tags } },
    async (request) => {
      const rows = await db
        .select()
        .from(labels)
        .where(eq(labels.tenantId, sessionOf(request).tenantId))
        .orderBy(asc(labels.id));
      return ok(rows.map((row) => ({ ...option(row.name, row.name), color: row.color })));
    },
  );

  app.post(
    '/api/lookups/labels',
    {
      config: { access: access.permission('vehicleList:edit', 'vehicleList:add') },
      schema: { summary: '保存标签', tags, body: labelBody },
    },
    async (request) => {
      const auth = sessionOf(request);
      const body = request.body as z.infer<typeof labelBody>;
      const [existing] = await db
        .select({ id: labels.id })
        .from(labels)
        .where(and(eq(labels.tenantId, auth.tenantId), eq(sql`lower(${labels.name})`, body.name.toLowerCase())));
      if (existing) throw businessError(`标签「${body.name}」已存在`);
      const row = await db.transaction(async (tx) => {
        const [inserted] = await tx
          .insert(labels)
          .values({ ...body, tenantId: auth.tenantId, createdBy: auth.userId, updatedBy: auth.userId })
          .returning();
        await recordAudit(tx, request, {
          action: 'create',
          entity: 'label',
          entityId: inserted?.id,
          changes: { name: { from: null, to: body.name } },
        });
        return inserted;
      });
      return ok({ ...option(body.name, body.name), color: row?.color ?? body.color });
    },
  );
}
