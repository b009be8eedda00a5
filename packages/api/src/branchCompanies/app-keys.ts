import { companyAppKeyResource, companyScreens } from '@cp/contracts';
import { sql } from 'drizzle-orm';
import { appKeysChanged } from '../appApi/auth';
import { issueAppKey } from '../appApi/keys';
import { appKeys } from '../appApi/tables';
import { recordAudit } from '../audit/service';
import { defineServerResource } from '../resource/family';
import { branchCompanies } from './tables';

/**
 * The company row of the key's branch company: a key belongs to the company whose scope it is in. The outer
 * column is spelled out: inside the subquery drizzle would name it unqualified, which `c` would answer.
 */
const companyOf = sql<number>`(select c.id from ${branchCompanies} c where c.tenant_id = ${sql.raw('"app_keys"."tenant_id"')})`;

/**
 * APP凭证 on 公司详情: the keys of the drivers' app of the session's branch company. 新增 issues one (the secret in
 * the answer only: its hash is stored), 轮换 issues a new one under the same name while the old one goes on
 * working until it is stopped, 停用 stops one for good — refused at once by this process, by the others
 * within the 10 s they keep a key (`appApi/auth.ts`). Each is audited.
 */
export const appKeyFamily = defineServerResource({
  resource: companyAppKeyResource,
  table: appKeys,
  screens: [companyScreens.appKeys],
  computed: { companyId: companyOf },
  filters: { companyId: (value) => sql`${companyOf} = ${value}::bigint` },
  async insert(values, ctx) {
    const grant = await issueAppKey(ctx.tx, {
      tenantId: ctx.auth.tenantId,
      name: String(values.name),
      createdBy: ctx.auth.userId,
    });
    ctx.answer.header = grant.header;
    return grant.id;
  },
  actions: {
    rotate: {
      async run(ctx, row) {
        const grant = await issueAppKey(ctx.tx, {
          tenantId: ctx.auth.tenantId,
          name: String(row.name),
          createdBy: ctx.auth.userId,
        });
        await recordAudit(ctx.tx, ctx.request, {
          action: 'create',
          entity: companyAppKeyResource.key,
          entityId: grant.id,
          changes: { rotatedFrom: { from: null, to: row.keyId } },
        });
        return { id: String(grant.id), keyId: grant.keyId, name: row.name, header: grant.header };
      },
    },
    disable: {
      async run(ctx) {
        ctx.afterCommit(appKeysChanged);
        return null;
      },
    },
  },
});
