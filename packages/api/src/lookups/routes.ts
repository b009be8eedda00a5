import { envelope, idText, lookupOption, numberList, smallintMax, text } from '@cp/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { recordAudit } from '../audit/service';
import type { Db } from '../db';
import { writtenBy } from '../db/columns';
import { families } from '../families';
import { access, sessionOf } from '../http/access';
import { businessError } from '../http/errors';
import { ok } from '../http/reply';
import type { RoutePlugin, ZodApp } from '../http/schemas';
import { translateUnique } from '../resource/db-errors';
import { lookupGrants } from './grants';
import { lookupScope, type Named, type Option, registeredLookups, type ServerLookup } from './registry';
import { cities, companies, labels } from './tables';

const tags = ['下拉与字典'];
const option = (label: string, value: number | string): Option => ({ label, value: String(value) });
const namedOption = (row: Named): Option => ({
  ...option(row.name, row.id),
  ...(row.details ? { details: row.details } : {}),
});

const optionList = envelope(z.array(lookupOption));

const labelBody = z.strictObject({
  name: text().trim().min(1, '不能为空').max(20).meta({ title: '标签名称' }),
  color: z
    .enum(['orange', 'red', 'green', 'blue', 'purple', 'gold', 'cyan', 'magenta'])
    .default('orange')
    .meta({ title: '标签颜色' }),
});

// Ids up to what a JavaScript number holds; a filter's values are codes (a stage), smallint in their columns.
const idList = (title: string, count: number) => numberList(count, Number.MAX_SAFE_INTEGER).optional().meta({ title });
const codeList = (title: string, count: number) => numberList(count, smallintMax).optional().meta({ title });

const label = z.object({
  label: z.string(),
  value: z.string().meta({ description: '标签名称' }),
  color: z.string().meta({ title: '标签颜色' }),
});

/** The query a searched lookup takes: the text typed, or the ids of rows already chosen, and its filters. */
function searchQuery(lookup: ServerLookup) {
  const filters = Object.fromEntries((lookup.def.filters ?? []).map((name) => [name, codeList(name, 50)]));
  const params = Object.fromEntries(
    (lookup.def.params ?? []).map((name) => [name, idText.optional().meta({ title: name })]),
  );
  return z.strictObject({
    search: text().trim().max(50).optional().meta({ title: '搜索' }),
    ids: idList('编号', 100),
    ...filters,
    ...params,
  });
}

/**
 * One dropdown endpoint per lookup endpoint of the registry (the catalogue's three lookups share one). A
 * searched lookup answers the holders of the pages and buttons granted it; one that no page uses, nobody.
 */
function registerLookupEndpoint(app: ZodApp, db: Db, lookup: ServerLookup, granted: ReadonlySet<string>) {
  const { def } = lookup;
  // Every parameter is given its meaning before the routes are served.
  for (const param of def.params ?? []) lookupScope(def.key, param);
  if (def.searchable) {
    const guard = access.permission(...new Set([...granted, ...(lookup.access ?? [])]));
    const querystring = searchQuery(lookup);
    app.get(
      def.endpoint,
      {
        config: { access: guard },
        schema: {
          summary: `${def.title}下拉（按输入搜索，最多20条）`,
          tags,
          querystring,
          response: { 200: optionList },
        },
      },
      async (request) => {
        const { search, ids, ...rest } = request.query;
        const tenantId = sessionOf(request).tenantId;
        const filters: Record<string, unknown> = {};
        const scopes = [];
        for (const [name, value] of Object.entries(rest)) {
          if (value === undefined) continue;
          if (!def.params?.includes(name)) filters[name] = value;
          else scopes.push(await lookupScope(def.key, name)(db, tenantId, Number(value)));
        }
        const rows =
          (await lookup.search?.(db, tenantId, { text: search, ids, filters, scopes, limit: ids ? ids.length : 20 })) ??
          [];
        return ok(rows.map(namedOption));
      },
    );
    return;
  }
  const guard = lookup.access ? access.permission(...lookup.access) : access.session;
  app.get(
    def.endpoint,
    { config: { access: guard }, schema: { summary: `${def.title}下拉`, tags, response: { 200: optionList } } },
    async (request) => {
      const tenantId = sessionOf(request).tenantId;
      if (lookup.options) return ok(await lookup.options(db, tenantId));
      const rows = (await lookup.all?.(db, tenantId)) ?? [];
      return ok(rows.map((row) => option(row.name, row.id)));
    },
  );
}

/** The dropdowns of SPEC §7 "Lists and lookups": one endpoint per lookup of the registry, and the labels. */
export const lookupRoutes: RoutePlugin<{ db: Db }> = async (app, { db }) => {
  const served = new Set<string>();
  const grants = lookupGrants(families);
  for (const lookup of registeredLookups()) {
    if (served.has(lookup.def.endpoint)) continue;
    served.add(lookup.def.endpoint);
    registerLookupEndpoint(app, db, lookup, grants.get(lookup.def.key) ?? new Set());
  }

  app.get(
    '/api/lookups/company-cities',
    {
      config: { access: access.session },
      schema: { summary: '本分公司运营城市', tags, response: { 200: optionList } },
    },
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
    '/api/lookups/labels',
    {
      config: { access: access.session },
      schema: { summary: '标签列表', tags, response: { 200: envelope(z.array(label)) } },
    },
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
      schema: { summary: '保存标签', tags, body: labelBody, response: { 200: envelope(label) } },
    },
    async (request) => {
      const auth = sessionOf(request);
      const body = request.body;
      const [existing] = await db
        .select({ id: labels.id })
        .from(labels)
        .where(and(eq(labels.tenantId, auth.tenantId), eq(sql`lower(${labels.name})`, body.name.toLowerCase())));
      const taken = `标签「${body.name}」已存在`;
      if (existing) throw businessError(taken);
      const row = await db
        .transaction(async (tx) => {
          const [inserted] = await tx
            .insert(labels)
            .values({ ...body, ...writtenBy(auth) })
            .returning();
          await recordAudit(tx, request, {
            action: 'create',
            entity: 'label',
            entityId: inserted?.id,
            changes: { name: { from: null, to: body.name } },
          });
          return inserted;
        })
        .catch((error: unknown) => {
          throw translateUnique(error, { labels_tenant_name_key: taken });
        });
      return ok({ ...option(body.name, body.name), color: row?.color ?? body.color });
    },
  );
};
