import { asc } from 'drizzle-orm';
import { tenants } from '../identity/tables';
import { defineJobKind } from '../jobs/kinds';
import { LeadCounts } from './counts';
import { applyInvalidRules, enabledRules } from './rules';

/**
 * Once a day, every branch company's open leads that break an enabled 无效线索 rule are marked 无效 (a lead
 * that has since been followed up unanswered N times, a city dropped from the service area, a mobile just
 * blocked). One run at a time across processes: the recurring job is one row of the shared queue.
 */
export const invalidLeadRulesJob = defineJobKind<Record<string, never>>({
  kind: 'leads.invalidRules',
  everyMs: 24 * 3600_000,
  run: async ({ db }) => {
    let marked = 0;
    for (const tenant of await db.select({ id: tenants.id }).from(tenants).orderBy(asc(tenants.id))) {
      marked += await db.transaction(async (tx) => {
        const counts = new LeadCounts();
        const done = await applyInvalidRules(tx, tenant.id, await enabledRules(tx, tenant.id), counts);
        await counts.write(tx);
        return done;
      });
    }
    return { marked };
  },
});
