// The ceiling for the vehicle-list bench: plain Fastify and a `pg` Pool (10 connections, as the API's), no
// drizzle, no zod, no logging, answering `GET /bare/vehicles` with the same page the API sends for
//   /api/vehicles?stage=…&cityId=…&sort=…&order=…&page=…&limit=…
// (only those parameters; anything else is refused). What it does per request, as the API does:
// - the token: its SHA-256 looked up with one named prepared statement (the session joined to its user,
//   account and tenant), remembered for 5 s; the role keys of the account read and kept for 10 s, and
//   `vehicleList` required;
// - the page query: the same SQL text and parameters as the API's (unnamed statement, row arrays, dates
//   and timestamps as text, as drizzle reads them);
// - the capped count `select count(*) from (select 1 … limit 10001)`, skipped while the same filter is
//   remembered (30 s) as past the cap;
// - the names of the model, city and company from a name book kept for 60 s;
// - the envelope `{code,msg,data:{list,total,totalExact,page,limit},isSuccess}` by JSON.stringify, ids and
//   references as strings, timestamps as ISO text.
// BARE_PREPARED=1 runs the page and count as named prepared statements (one name per SQL text), as the
// API does since its list statements are prepared per filter shape.
// Not done: request ids, the x-request-id header, the audit hook, validation messages, access declarations.
//
//   DATABASE_URL=… PORT=… node scripts/bench/bare-list.mjs
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

const columns = [
  'id',
  'version',
  'series_id',
  'plate_no',
  'vin',
  'model_id',
  'energy_type',
  'city_id',
  'company_id',
  'mileage',
  'next_inspection_date',
  'rent_status',
  'stage',
  'labels',
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
/** A statement name for this SQL text (BARE_PREPARED=1), or none: an unnamed statement, parsed each time. */
function nameOf(text) {
  if (!prepared) return undefined;
  let name = statementNames.get(text);
  if (!name) {
    name = `bare_${statementNames.size + 1}`;
    statementNames.set(text, name);
  }
  return name;
}

const app = Fastify({ logger: false });

app.get('/bare/vehicles', async (request, reply) => {
  const token = request.headers.token;
  const auth = token ? await session(token) : null;
  if (!auth) return { code: 1001, msg: '登录凭证缺失或无效，请重新登录', data: null, isSuccess: false };
  if (!auth.menus.has('vehicleList')) return { code: 403, msg: '无权限', data: null, isSuccess: false };
  const q = request.query;
  const page = Number(q.page ?? 1);
  const limit = Number(q.limit ?? 20);
  const sort = sortColumns[q.sort ?? 'updatedAt'];
  const order = (q.order ?? 'desc') === 'asc' ? 'asc' : 'desc';
  if (!sort || !(page >= 1) || !(limit >= 1 && limit <= 500)) return reply.code(400).send({ code: 400 });
  const values = [auth.tenantId, false];
  const conditions = ['"vehicles"."tenant_id" = $1', '"vehicles"."deleted" = $2'];
  if (q.cityId !== undefined) {
    values.push(Number(q.cityId));
    conditions.push(`"vehicles"."city_id" = $${values.length}`);
  }
  if (q.stage !== undefined) {
    const stages = String(q.stage).split(',').map(Number);
    const first = values.length + 1;
    values.push(...stages);
    conditions.push(`"vehicles"."stage" in (${stages.map((_, i) => `$${first + i}`).join(', ')})`);
  }
  const where = `(${conditions.join(' and ')})`;
  const orderBy =
    sort === 'id' ? `"vehicles"."id" ${order}` : `"vehicles"."${sort}" ${order}, "vehicles"."id" ${order}`;
  const pageValues = [...values, limit];
  let pageSql = `select ${columns.map((c) => `"${c}"`).join(', ')} from "vehicles" where ${where} order by ${orderBy} limit $${pageValues.length}`;
  const offset = (page - 1) * limit;
  if (offset > 0) {
    pageValues.push(offset);
    pageSql += ` offset $${pageValues.length}`;
  }
  const filterKey = `${auth.tenantId}|${q.cityId}|${q.stage}`;
  const remembered = capped.get(filterKey);
  const countSql = `select count(*) from (select 1 from "vehicles" where ${where} limit $${values.length + 1}) "matches"`;
  const counting =
    remembered !== undefined && remembered > Date.now()
      ? totalCap + 1
      : pool
          .query({
            text: countSql,
            name: nameOf(countSql),
            values: [...values, totalCap + 1],
          })
          .then(({ rows }) => {
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
  const list = result.rows.map((r) => ({
    id: String(r[0]),
    seriesId: String(r[2]),
    plateNo: r[3],
    vin: r[4],
    modelId: String(r[5]),
    energyType: r[6],
    cityId: String(r[7]),
    companyId: String(r[8]),
    mileage: r[9],
    nextInspectionDate: r[10],
    rentStatus: r[11],
    stage: r[12],
    labels: r[13] ?? [],
    updatedAt: new Date(r[14]).toISOString(),
    version: r[1],
    modelName: book.model.get(r[5]) || '',
    cityName: book.city.get(r[7]) || '',
    companyName: book.company.get(r[8]) || '',
  }));
  reply.header('content-type', 'application/json; charset=utf-8');
  return JSON.stringify({
    code: 0,
    msg: 'success',
    data: { list, total: Math.min(counted, totalCap), totalExact: counted <= totalCap, page, limit },
    isSuccess: true,
  });
});

app.get('/bare/health', async () => 'ok');

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
const stop = () => app.close().then(() => pool.end().then(() => process.exit(0)));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
