// An app key of the first branch company, as an administrator issues one for the drivers' app's backend:
// `node --import tsx scripts/bench/app-key.ts` on the database of DATABASE_URL prints `{ tenantId, header }`,
// the `X-App-Key` the inbound calls of `npm run bench app` carry (the secret is only known here).
import { sql } from 'drizzle-orm';
import { issueAppKey } from '../../packages/api/src/appApi/keys';
import { loadConfig } from '../../packages/api/src/config';
import { openDatabase } from '../../packages/api/src/db';
import { rowsOf } from '../../packages/api/src/db/migrate';

const database = await openDatabase(loadConfig());
try {
  const [tenant] = rowsOf<{ id: number }>(await database.db.execute(sql`select min(id) as id from tenants`));
  if (!tenant) throw new Error('no tenant');
  const grant = await issueAppKey(database.db, { tenantId: Number(tenant.id), name: '基准：司机APP' });
  console.log(JSON.stringify({ tenantId: grant.tenantId, header: grant.header }));
} finally {
  await database.close();
}
