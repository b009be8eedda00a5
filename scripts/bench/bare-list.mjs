// The ceilings for the vehicle-list bench: plain Fastify and a `pg` Pool (10 connections, as the API's), no
// drizzle, no zod, no logging, answering with the same page (byte for byte) the API sends for
//   /api/vehicles?stage=…&cityId=…&sort=…&order=…&page=…&limit=…
// (only those parameters; anything else is refused). Two routes:
//
// `GET /bare/query/vehicles` — the page query alone (issue "[Hardening 2]" item 12's definition): one named
// prepared statement, the API's SQL text, per request; no session (the tenant is the one of BARE_TOKEN's
// session, read once at start), no count (each filter counted on its first request, then kept for good),
// the names from a book read once.
//
// `GET /bare/vehicles` — the same work as the API. What it does per request, as the API does:
// - the token: its SHA-256 looked up with one named prepared statement (the session joined to its user,
//   account and tenant), remembered for 5 s; the role keys of the account read and kept for 10 s, and
//   `vehicleList` required;
// - the page query: the same SQL text and parameters as the API's (unnamed statement, row arrays, dates
//   and timestamps as text, as the API reads them);
// - the capped count `select count(*) from (select 1 … limit 10001)`, skipped while the same filter is
//   remembered (30 s) as past the cap;
// - the names of the model, city and company from a name book kept for 60 s;
// - the envelope `{code,msg,data:{list,total,totalExact,page,limit},isSuccess}` by JSON.stringify, ids and
//   references as strings, timestamps as ISO text.
// BARE_PREPARED=1 runs the page and count as named prepared statements (one name per SQL text), as the
// API does since its list statements are prepared per filter shape.
// Not done: request ids, the x-request-id and security headers, validation messages, access declarations.
//
//   DATABASE_URL=… PORT=… BARE_TOKEN=… node scripts/bench/bare-list.mjs
import { createHash } from 'node:crypto';
import Fastify from 'fastify';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
pool.on('error', () => undefined);
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

const totalCap = 10_000;
const asText = (value) => value;
/** As drizzle reads rows: dates and timestamps as text, the rest with pg's parsers. */
const rowTypes = {
  getTypeParser(typeId, format) {
    if (typeId === 1184 || typeId === 1114 || typeId === 1082) return asText;
    return pg.types.getTypeParser(typeId, format);
  },
};

const sessionSql = `select s.id, s.user_id, s.account_id, s.tenant_id, t.name, u.login_id, u.user_name, s.last_seen_at,
  s.expires_at, s.revoked_at, u.enabled, a.status
  from sessions s join users u on u.id = s.user_id join accounts a on a.id = s.account_id
  join tenants t on t.id = s.tenant_id where s.token_hash = $1`;
const recentSessions = new Map();
const heldKeys = new Map();

async function session(token) {
  const hash = createHash('sha256').update(token).digest('base64url');
  const now = Date.now();
  let entry = recentSessions.get(hash);
  if (!entry || now - entry.readAt >= 5_000) {
    const { rows } = await pool.query({ name: 'bare_session', text: sessionSql, values: [hash], rowMode: 'array' });
    const row = rows[0];
    if (!row) return null;
    entry = {
      row: {
        accountId: row[2],
        tenantId: row[3],
        expiresAt: new Date(row[8]),
        revoked: row[9] !== null || !row[10] || row[11] !== 1,
      },
      readAt: now,
    };
    recentSessions.set(hash, entry);
  }
  const { row } = entry;
  if (row.revoked || row.expiresAt.getTime() <= now) return null;
  let keys = heldKeys.get(row.accountId);
  if (!keys || keys.expires <= now) {
    const { rows } = await pool.query(
      `select r.menu_keys, r.button_keys from account_roles ar join roles r on r.id = ar.role_id
       where ar.account_id = $1 and r.app_id = $2`,
      [row.accountId, 'cp-console'],
    );
    keys = { menus: new Set(rows.flatMap((r) => r.menu_keys)), expires: now + 10_000 };
    heldKeys.set(row.accountId, keys);
  }
  return { tenantId: row.tenantId, menus: keys.menus };
}

const books = new Map();
async function nameBook(tenantId) {
  const cached = books.get(tenantId);
  if (cached && cached.expires > Date.now()) return cached.book;
  const [catalog, cities, companies] = await Promise.all([
    pool.query('select id, name from vehicle_catalog order by id'),
    pool.query('select id, name from cities'),
    pool.query('select id, name from companies where tenant_id = $1', [tenantId]),
  ]);
  const map = (result) => new Map(result.rows.map((row) => [row.id, row.name]));
  const book = { model: map(catalog), city: map(cities), company: map(companies) };
  books.set(tenantId, { book, expires: Date.now() + 60_000 });
  return book;
}

/** The API's list columns for /vehicleList, in its order. */
const columns = [
  'id',
  'version',
  'series_id',
  'stage',
  'plate_no',
  'rent_status',
  'labels',
  'vin',
  'model_id',
  'energy_type',
  'city_id',
  'company_id',
  'mileage',
  'next_inspection_date',
  'updated_at',
];
const sortColumns = {
  id: 'id',
  mileage: 'mileage',
  updatedAt: 'updated_at',
  nextInspectionDate: 'next_inspection_date',
};
const capped = new Map();
const prepared = process.env.BARE_PREPARED === '1';
const statementNames = new Map();
/** A statement name for this SQL text (`always`, or BARE_PREPARED=1), or none: an unnamed statement, parsed each time. */
function nameOf(text, always = false) {
  if (!prepared && !always) return undefined;
  let name = statementNames.get(text);
  if (!name) {
    name = `bare_${statementNames.size + 1}`;
    statementNames.set(text, name);
  }
  return name;
}

/**
 * The page and count statements of a query, as the API writes them (`= any($n)` for the stages, `not deleted`),
 * with their values; null for a query the API would refuse.
 */
function statementsOf(q, tenantId) {
  const page = Number(q.page ?? 1);
  const limit = Number(q.limit ?? 20);
  const sort = sortColumns[q.sort ?? 'updatedAt'];
  const order = (q.order ?? 'desc') === 'asc' ? 'asc' : 'desc';
  if (!sort || !(page >= 1) || !(limit >= 1 && limit <= 500)) return null;
  const values = [tenantId];
  const conditions = [];
  if (q.cityId !== undefined) {
    values.push(Number(q.cityId));
    conditions.push(`"vehicles"."city_id" = $${values.length}`);
  }
  if (q.stage !== undefined) {
    values.push(String(q.stage).split(',').map(Number));
    conditions.push(`"vehicles"."stage" = any($${values.length})`);
  }
  const where = `(("vehicles"."tenant_id" = $1 and not "vehicles"."deleted")${conditions.map((c) => ` and ${c}`).join('')})`;
  const orderBy =
    sort === 'id' ? `"vehicles"."id" ${order}` : `"vehicles"."${sort}" ${order}, "vehicles"."id" ${order}`;
  const pageValues = [...values, limit, (page - 1) * limit];
  const pageSql = `select ${columns.map((c) => `"${c}"`).join(', ')} from "vehicles" where ${where} order by ${orderBy} limit $${pageValues.length - 1} offset $${pageValues.length}`;
  const countSql = `select count(*) from (select 1 from "vehicles" where ${where} limit $${values.length + 1}) "matches"`;
  return {
    page,
    limit,
    pageSql,
    pageValues,
    countSql,
    countValues: [...values, totalCap + 1],
    filterKey: `${tenantId}|${q.cityId}|${q.stage}`,
  };
}

/** A page's rows as the API sends them (its key order), named from the book. */
function rowsOf(result, book) {
  return result.rows.map((r) => ({
    id: String(r[0]),
    seriesId: String(r[2]),
    stage: r[3],
    plateNo: r[4],
    rentStatus: r[5],
    labels: r[6] ?? [],
    vin: r[7],
    modelId: String(r[8]),
    energyType: r[9],
    cityId: String(r[10]),
    companyId: String(r[11]),
    mileage: r[12],
    nextInspectionDate: r[13],
    updatedAt: new Date(r[14]).toISOString(),
    version: r[1],
    modelName: book.model.get(r[8]) || '',
    cityName: book.city.get(r[10]) || '',
    companyName: book.company.get(r[11]) || '',
  }));
}

function pageBody(list, counted, page, limit) {
  return JSON.stringify({
    code: 0,
    msg: 'success',
    data: { list, total: Math.min(counted, totalCap), totalExact: counted <= totalCap, page, limit },
    isSuccess: true,
  });
}

const app = Fastify({ logger: false });

app.get('/bare/vehicles', async (request, reply) => {
  const token = request.headers.token;
  const auth = token ? await session(token) : null;
  if (!auth) return { code: 1001, msg: '登录凭证缺失或无效，请重新登录', data: null, isSuccess: false };
  if (!auth.menus.has('vehicleList')) return { code: 403, msg: '无权限', data: null, isSuccess: false };
  const statements = statementsOf(request.query, auth.tenantId);
  if (!statements) return reply.code(400).send({ code: 400 });
  const { page, limit, pageSql, pageValues, countSql, countValues, filterKey } = statements;
  const remembered = capped.get(filterKey);
  const counting =
    remembered !== undefined && remembered > Date.now()
      ? totalCap + 1
      : pool.query({ text: countSql, name: nameOf(countSql), values: countValues }).then(({ rows }) => {
          const n = Number(rows[0].count);
          if (n > totalCap) capped.set(filterKey, Date.now() + 30_000);
          else capped.delete(filterKey);
          return n;
        });
  const [result, counted, book] = await Promise.all([
    pool.query({ text: pageSql, name: nameOf(pageSql), values: pageValues, rowMode: 'array', types: rowTypes }),
    counting,
    nameBook(auth.tenantId),
  ]);
  reply.header('content-type', 'application/json; charset=utf-8');
  return pageBody(rowsOf(result, book), counted, page, limit);
});

/** The tenant of BARE_TOKEN's session and its name book, read once: the query-only route has no session. */
const fixedTenant = process.env.BARE_TOKEN
  ? (
      await pool.query('select tenant_id from sessions where token_hash = $1', [
        createHash('sha256').update(process.env.BARE_TOKEN).digest('base64url'),
      ])
    ).rows[0]?.tenant_id
  : undefined;
const fixedBook = fixedTenant === undefined ? undefined : await nameBook(fixedTenant);
/** Each filter's count, taken on its first request and kept for good. */
const countedOnce = new Map();

app.get('/bare/query/vehicles', async (request, reply) => {
  if (fixedTenant === undefined) return reply.code(500).send({ code: 500, msg: 'BARE_TOKEN 未给出' });
  const statements = statementsOf(request.query, fixedTenant);
  if (!statements) return reply.code(400).send({ code: 400 });
  const { page, limit, pageSql, pageValues, countSql, countValues, filterKey } = statements;
  let counted = countedOnce.get(filterKey);
  if (counted === undefined) {
    counted = Number((await pool.query({ text: countSql, values: countValues })).rows[0].count);
    countedOnce.set(filterKey, counted);
  }
  const result = await pool.query({
    text: pageSql,
    name: nameOf(pageSql, true),
    values: pageValues,
    rowMode: 'array',
    types: rowTypes,
  });
  reply.header('content-type', 'application/json; charset=utf-8');
  return pageBody(rowsOf(result, fixedBook), counted, page, limit);
});

app.get('/bare/health', async () => 'ok');

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
const stop = () => app.close().then(() => pool.end().then(() => process.exit(0)));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
